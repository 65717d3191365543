// --push: POST the JSON report with a bearer token through libcurl loaded by dlopen (libcurl.so.4), with retries
// and exponential backoff on connection errors and 5xx, none on 4xx.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "check.h"

namespace gpuprobe {

struct RetryPolicy {
    int max_attempts = 5;
    double initial_delay_seconds = 1.0;
    double multiplier = 2.0;
    double max_delay_seconds = 30.0;
};

struct HttpAttempt {
    bool transport_error = false;  // no HTTP response (DNS, connect, TLS, timeout)
    long status = 0;               // HTTP status when a response came
    std::string message;           // transport error text or response body excerpt
};

enum class AttemptClass { success, retry, give_up };

// 2xx: success; transport errors and 5xx: retry; anything else (4xx, 1xx/3xx left over): give up.
AttemptClass classify(const HttpAttempt& a);

// Delay before attempt number `attempt` (1-based; attempt 1 has no delay).
double backoff_delay(const RetryPolicy& p, int attempt);

// Runs `send` until success, a non-retryable answer or max_attempts; `sleep_seconds` waits between attempts
// (injected so tests run without network or real sleeping). `log` gets one line per attempt.
Status post_with_retry(const RetryPolicy& policy, const std::function<HttpAttempt()>& send,
                       const std::function<void(double)>& sleep_seconds, std::vector<std::string>* log);

// True when libcurl.so.4 can be loaded; `why` says why not.
bool curl_available(std::string& why);

Status push_report(const std::string& url, const std::string& token, const std::string& json,
                   const RetryPolicy& policy, std::vector<std::string>* log);

}  // namespace gpuprobe
