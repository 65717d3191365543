#include <vector>

#include "push.h"
#include "test_util.h"

using namespace gpuprobe;

static HttpAttempt http(long code) {
    HttpAttempt a;
    a.status = code;
    return a;
}

static HttpAttempt down() {
    HttpAttempt a;
    a.transport_error = true;
    a.message = "Couldn't connect to server";
    return a;
}

int main() {
    EXPECT(classify(http(200)) == AttemptClass::success);
    EXPECT(classify(http(201)) == AttemptClass::success);
    EXPECT(classify(http(500)) == AttemptClass::retry);
    EXPECT(classify(http(503)) == AttemptClass::retry);
    EXPECT(classify(down()) == AttemptClass::retry);
    EXPECT(classify(http(400)) == AttemptClass::give_up);
    EXPECT(classify(http(401)) == AttemptClass::give_up);
    EXPECT(classify(http(404)) == AttemptClass::give_up);
    RetryPolicy p;  // 5 attempts, 1 s doubling, capped at 30 s
    EXPECT(backoff_delay(p, 1) == 0 && backoff_delay(p, 2) == 1 && backoff_delay(p, 3) == 2 && backoff_delay(p, 4) == 4);
    RetryPolicy capped{10, 1, 2, 5};
    EXPECT(backoff_delay(capped, 9) == 5);

    auto run = [&](std::vector<HttpAttempt> answers, std::vector<double>& slept, int& calls) {
        calls = 0;
        return post_with_retry(
            p, [&]() { return answers[std::min<std::size_t>(calls++, answers.size() - 1)]; },
            [&](double s) { slept.push_back(s); }, nullptr);
    };
    std::vector<double> slept;
    int calls = 0;
    EXPECT(run({down(), http(502), http(200)}, slept, calls).is_ok());  // retried through 5xx and connect errors
    EXPECT(calls == 3 && slept.size() == 2 && slept[0] == 1 && slept[1] == 2);
    slept.clear();
    Status s = run({http(503), http(401)}, slept, calls);  // no retry after a 4xx
    EXPECT(!s.is_ok() && calls == 2 && s.message().find("401") != std::string::npos);
    slept.clear();
    s = run({http(500)}, slept, calls);  // gives up after max_attempts
    EXPECT(!s.is_ok() && calls == 5 && slept.size() == 4);
    slept.clear();
    EXPECT(run({http(400)}, slept, calls).message().find("not retried") != std::string::npos && calls == 1 && slept.empty());
    std::vector<std::string> log;
    post_with_retry(p, [] { return http(204); }, [](double) {}, &log);
    EXPECT(log.size() == 1 && log[0] == "attempt 1: HTTP 204");
    return TEST_RESULT();
}
