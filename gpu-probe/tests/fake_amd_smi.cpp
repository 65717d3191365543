// A stand-in for AMD SMI (libamd_smi.so, version 26 layouts), loaded by gpu-probe through --rocm-libs in
// fake_amd.sh. One GPU at 0000:c1:00.0. Environment variables choose what it reports:
//   FAKE_AMD_SERIAL=<serial>     the board serial (default 692251001124)
//   FAKE_ECC=<c>,<u>,<d>         correctable, uncorrectable and deferred ECC counts (default 0,0,0)
//   FAKE_RAS_POISON_BIT=<bit>    that RAS block reports poison (the others: ECC enabled, no error)
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {
using amdsmi_status_t = int;
const char* env_or(const char* name, const char* fallback) {
    const char* v = std::getenv(name);
    return v != nullptr ? v : fallback;
}
void* const kGpu = reinterpret_cast<void*>(0x1);
}  // namespace

extern "C" {
amdsmi_status_t amdsmi_init(std::uint64_t) { return 0; }
amdsmi_status_t amdsmi_shut_down() { return 0; }
amdsmi_status_t amdsmi_get_lib_version(std::uint32_t* v) { v[0] = 26; v[1] = 1; v[2] = 0; return 0; }
amdsmi_status_t amdsmi_get_processor_handle_from_bdf(std::uint64_t bdf, void** h) {
    *h = bdf == 0xC100 ? kGpu : nullptr;
    return bdf == 0xC100 ? 0 : 31;  // AMDSMI_STATUS_NOT_FOUND
}
amdsmi_status_t amdsmi_get_gpu_board_info(void*, char* info) {
    std::strncpy(info, "102-D65209-00", 256);
    std::strncpy(info + 256, env_or("FAKE_AMD_SERIAL", "692251001124"), 256);
    return 0;
}
amdsmi_status_t amdsmi_get_temp_metric(void*, int type, int, std::int64_t* t) {
    *t = type == 1 ? 71 : type == 2 ? 64 : 55;
    return 0;
}
amdsmi_status_t amdsmi_get_power_info(void*, unsigned char* info) {
    const std::uint32_t current = 0, average = 412;  // an MI200 reports the average only
    std::memcpy(info + 8, &current, 4);
    std::memcpy(info + 12, &average, 4);
    return 0;
}
amdsmi_status_t amdsmi_get_gpu_total_ecc_count(void*, std::uint64_t* counts) {
    unsigned long long c = 0, u = 0, d = 0;
    std::sscanf(env_or("FAKE_ECC", "0,0,0"), "%llu,%llu,%llu", &c, &u, &d);
    counts[0] = c;
    counts[1] = u;
    counts[2] = d;
    return 0;
}
amdsmi_status_t amdsmi_get_gpu_ecc_enabled(void*, std::uint64_t* blocks) { *blocks = 0x107; return 0; }  // umc sdma gfx df
amdsmi_status_t amdsmi_get_gpu_ecc_status(void*, std::uint64_t block, int* state) {
    const int bit = std::atoi(env_or("FAKE_RAS_POISON_BIT", "-1"));
    *state = bit >= 0 && block == (1ull << bit) ? 5 : 6;  // POISON, else ENABLED
    return 0;
}
}
