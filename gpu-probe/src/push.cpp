#include "push.h"

#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <thread>

namespace gpuprobe {

AttemptClass classify(const HttpAttempt& a) {
    if (a.transport_error) return AttemptClass::retry;
    if (a.status >= 200 && a.status < 300) return AttemptClass::success;
    if (a.status >= 500 && a.status < 600) return AttemptClass::retry;
    return AttemptClass::give_up;
}

double backoff_delay(const RetryPolicy& p, int attempt) {
    if (attempt <= 1) return 0.0;
    double d = p.initial_delay_seconds;
    for (int i = 2; i < attempt; ++i) d *= p.multiplier;
    return std::min(d, p.max_delay_seconds);
}

Status post_with_retry(const RetryPolicy& policy, const std::function<HttpAttempt()>& send,
                       const std::function<void(double)>& sleep_seconds, std::vector<std::string>* log) {
    std::string last;
    for (int attempt = 1; attempt <= policy.max_attempts; ++attempt) {
        double delay = backoff_delay(policy, attempt);
        if (delay > 0) sleep_seconds(delay);
        HttpAttempt a = send();
        std::string line = "attempt " + std::to_string(attempt) + ": " +
                           (a.transport_error ? "transport error: " + a.message : "HTTP " + std::to_string(a.status));
        if (log != nullptr) log->push_back(line);
        last = line;
        switch (classify(a)) {
            case AttemptClass::success: return Status::ok();
            case AttemptClass::give_up:
                return Status::error("push rejected, not retried (" + line + (a.message.empty() ? "" : ": " + a.message) + ")");
            case AttemptClass::retry: break;
        }
    }
    return Status::error("push failed after " + std::to_string(policy.max_attempts) + " attempts (last " + last + ")");
}

namespace {

// The few libcurl entry points and constants used (curl/curl.h is not needed at build time).
using CURL = void;
struct curl_slist;
constexpr int CURLOPT_URL = 10002;
constexpr int CURLOPT_POSTFIELDS = 10015;
constexpr int CURLOPT_USERAGENT = 10018;
constexpr int CURLOPT_HTTPHEADER = 10023;
constexpr int CURLOPT_WRITEDATA = 10001;
constexpr int CURLOPT_WRITEFUNCTION = 20011;
constexpr int CURLOPT_POSTFIELDSIZE = 60;
constexpr int CURLOPT_TIMEOUT = 13;
constexpr int CURLOPT_CONNECTTIMEOUT = 78;
constexpr int CURLOPT_NOSIGNAL = 99;
constexpr int CURLINFO_RESPONSE_CODE = 0x200000 + 2;
constexpr long CURL_GLOBAL_DEFAULT = 3;

struct CurlLib {
    void* handle = nullptr;
    int (*global_init)(long) = nullptr;
    CURL* (*easy_init)() = nullptr;
    int (*easy_setopt)(CURL*, int, ...) = nullptr;
    int (*easy_perform)(CURL*) = nullptr;
    int (*easy_getinfo)(CURL*, int, ...) = nullptr;
    void (*easy_cleanup)(CURL*) = nullptr;
    const char* (*easy_strerror)(int) = nullptr;
    curl_slist* (*slist_append)(curl_slist*, const char*) = nullptr;
    void (*slist_free_all)(curl_slist*) = nullptr;

    ~CurlLib() {
        if (handle != nullptr) dlclose(handle);
    }

    Status load() {
        handle = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
        CHECK(handle != nullptr, std::string("libcurl.so.4 not found: ") + dlerror());
        bool ok = sym(global_init, "curl_global_init") && sym(easy_init, "curl_easy_init") &&
                  sym(easy_setopt, "curl_easy_setopt") && sym(easy_perform, "curl_easy_perform") &&
                  sym(easy_getinfo, "curl_easy_getinfo") && sym(easy_cleanup, "curl_easy_cleanup") &&
                  sym(easy_strerror, "curl_easy_strerror") && sym(slist_append, "curl_slist_append") &&
                  sym(slist_free_all, "curl_slist_free_all");
        CHECK(ok, "libcurl.so.4 lacks an entry point the probe needs");
        return Status::ok();
    }

    template <typename F>
    bool sym(F& f, const char* name) {
        f = reinterpret_cast<F>(dlsym(handle, name));
        return f != nullptr;
    }
};

std::size_t collect_body(char* data, std::size_t size, std::size_t nmemb, void* user) {
    auto* body = static_cast<std::string*>(user);
    std::size_t n = size * nmemb;
    if (body->size() < 512) body->append(data, std::min<std::size_t>(n, 512 - body->size()));
    return n;
}

}  // namespace

bool curl_available(std::string& why) {
    CurlLib lib;
    Status s = lib.load();
    if (!s) why = s.message();
    return s.is_ok();
}

Status push_report(const std::string& url, const std::string& token, const std::string& json,
                   const RetryPolicy& policy, std::vector<std::string>* log) {
    CurlLib lib;
    CHECK_OK(lib.load());
    lib.global_init(CURL_GLOBAL_DEFAULT);
    auto send = [&]() {
        HttpAttempt a;
        std::unique_ptr<CURL, void (*)(CURL*)> curl(lib.easy_init(), lib.easy_cleanup);
        if (!curl) {
            a.transport_error = true;
            a.message = "curl_easy_init failed";
            return a;
        }
        curl_slist* headers = nullptr;
        headers = lib.slist_append(headers, "Content-Type: application/json");
        headers = lib.slist_append(headers, ("Authorization: Bearer " + token).c_str());
        std::string body;
        lib.easy_setopt(curl.get(), CURLOPT_URL, url.c_str());
        lib.easy_setopt(curl.get(), CURLOPT_HTTPHEADER, headers);
        lib.easy_setopt(curl.get(), CURLOPT_POSTFIELDS, json.c_str());
        lib.easy_setopt(curl.get(), CURLOPT_POSTFIELDSIZE, static_cast<long>(json.size()));
        lib.easy_setopt(curl.get(), CURLOPT_USERAGENT, "gpu-probe/" GPU_PROBE_VERSION);
        lib.easy_setopt(curl.get(), CURLOPT_CONNECTTIMEOUT, 10L);
        lib.easy_setopt(curl.get(), CURLOPT_TIMEOUT, 30L);
        lib.easy_setopt(curl.get(), CURLOPT_NOSIGNAL, 1L);
        lib.easy_setopt(curl.get(), CURLOPT_WRITEFUNCTION, &collect_body);
        lib.easy_setopt(curl.get(), CURLOPT_WRITEDATA, &body);
        int rc = lib.easy_perform(curl.get());
        if (rc != 0) {
            a.transport_error = true;
            a.message = lib.easy_strerror(rc);
        } else {
            long code = 0;
            lib.easy_getinfo(curl.get(), CURLINFO_RESPONSE_CODE, &code);
            a.status = code;
            a.message = body;
        }
        lib.slist_free_all(headers);
        return a;
    };
    auto sleep = [](double s) { std::this_thread::sleep_for(std::chrono::duration<double>(s)); };
    return post_with_retry(policy, send, sleep, log);
}

}  // namespace gpuprobe
