#include "host_info.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <cstdio>
#include <ctime>
#include <fstream>
#include <random>
#include <thread>

namespace gpuprobe {
namespace {

std::string os_pretty_name() {
    std::ifstream in("/etc/os-release");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("PRETTY_NAME=", 0) == 0) {
            std::string v = line.substr(12);
            if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'')) v = v.substr(1, v.size() - 2);
            return v;
        }
    }
    return "unknown";
}

std::string cpu_model() {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("model name", 0) == 0) {
            auto colon = line.find(':');
            if (colon != std::string::npos) {
                auto v = line.substr(colon + 1);
                auto b = v.find_first_not_of(" \t");
                return b == std::string::npos ? "" : v.substr(b);
            }
        }
    }
    return "unknown";
}

}  // namespace

HostInfo collect_host_info() {
    HostInfo h;
    char name[256] = {0};
    if (gethostname(name, sizeof name - 1) == 0) h.hostname = name;
    struct utsname u {};
    if (uname(&u) == 0) h.kernel = std::string(u.sysname) + " " + u.release;
    h.os = os_pretty_name();
    h.cpu_model = cpu_model();
    h.logical_cpus = static_cast<int>(std::thread::hardware_concurrency());
    return h;
}

std::string new_uuid_v4() {
    std::random_device rd;
    unsigned char b[16];
    for (int i = 0; i < 16; i += 4) {
        unsigned int r = rd();
        for (int k = 0; k < 4; ++k) b[i + k] = static_cast<unsigned char>(r >> (8 * k));
    }
    b[6] = static_cast<unsigned char>((b[6] & 0x0F) | 0x40);  // version 4
    b[8] = static_cast<unsigned char>((b[8] & 0x3F) | 0x80);  // RFC 4122 variant
    char out[37];
    std::snprintf(out, sizeof out, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0], b[1],
                  b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
    return out;
}

std::string rfc3339_utc(std::chrono::system_clock::time_point t) {
    using namespace std::chrono;
    auto ms = duration_cast<milliseconds>(t.time_since_epoch()).count();
    std::time_t secs = static_cast<std::time_t>(ms / 1000);
    std::tm tm {};
    gmtime_r(&secs, &tm);
    char buf[96];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                  tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms % 1000));
    return buf;
}

}  // namespace gpuprobe
