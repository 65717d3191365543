#include "scoring.h"

#include <cstdio>

namespace gpuprobe {

const char* to_string(TestStatus s) {
    switch (s) {
        case TestStatus::passed: return "passed";
        case TestStatus::degraded: return "degraded";
        case TestStatus::failed: return "failed";
        case TestStatus::waived: return "waived";
        case TestStatus::error: return "error";
    }
    return "error";
}

const char* to_string(Verdict v) {
    switch (v) {
        case Verdict::healthy: return "healthy";
        case Verdict::degraded: return "degraded";
        case Verdict::failed: return "failed";
        case Verdict::no_gpu: return "no_gpu";
    }
    return "failed";
}

void score(TestResult& r, std::optional<double> baseline, const std::string& subject, const Thresholds& t) {
    if (r.status == TestStatus::failed || r.status == TestStatus::error) return;
    if (!r.value) {
        r.status = TestStatus::error;
        if (r.reason.empty()) r.reason = "no value was measured";
        return;
    }
    if (!baseline || *baseline <= 0.0) {
        r.status = TestStatus::waived;
        r.baseline.reset();
        r.ratio.reset();
        r.reason = "no measured baseline for " + subject;
        return;
    }
    r.baseline = *baseline;
    r.ratio = *r.value / *baseline;
    char buf[160];
    if (*r.ratio >= t.pass_ratio) {
        r.status = TestStatus::passed;
        r.reason.clear();
    } else if (*r.ratio >= t.degraded_ratio) {
        r.status = TestStatus::degraded;
        std::snprintf(buf, sizeof buf, "%.1f%% of the baseline, below the %.0f%% pass ratio", *r.ratio * 100.0,
                      t.pass_ratio * 100.0);
        r.reason = buf;
    } else {
        r.status = TestStatus::failed;
        std::snprintf(buf, sizeof buf, "%.1f%% of the baseline, below the %.0f%% degraded ratio", *r.ratio * 100.0,
                      t.degraded_ratio * 100.0);
        r.reason = buf;
    }
}

namespace {
void set_detail(TestResult& r, const std::string& key, DetailValue value) {
    for (auto& d : r.details) {
        if (d.first == key) {
            d.second = std::move(value);
            return;
        }
    }
    r.details.emplace_back(key, std::move(value));
}
bool has_detail(const TestResult& r, const std::string& key) {
    for (const auto& d : r.details)
        if (d.first == key) return true;
    return false;
}
}  // namespace

void set_error(TestResult& r, const Status& s) {
    r.status = TestStatus::error;
    r.reason = s.message();
    set_detail(r, "error_class", std::string(to_string(s.error_class())));
    if (!s.error_code().empty()) set_detail(r, "error_code", s.error_code());
}

void ensure_error_class(TestResult& r) {
    if (r.status == TestStatus::error && !has_detail(r, "error_class"))
        set_detail(r, "error_class", std::string(to_string(ErrorClass::unknown)));
}

Verdict verdict_of_tests(const std::vector<TestResult>& tests) {
    Verdict v = Verdict::healthy;
    for (const auto& t : tests) {
        if (t.status == TestStatus::failed || t.status == TestStatus::error) return Verdict::failed;
        if (t.status == TestStatus::degraded) v = Verdict::degraded;
    }
    return v;
}

void finish_verdict(RunReport& report, bool gpu_present) {
    bool failed = verdict_of_tests(report.cpu_tests) == Verdict::failed;
    bool degraded = verdict_of_tests(report.cpu_tests) == Verdict::degraded;
    for (const auto& g : report.gpus) {
        Verdict v = verdict_of_tests(g.tests);
        failed = failed || v == Verdict::failed;
        degraded = degraded || v == Verdict::degraded;
    }
    if (failed || report.gpu_error) {  // a broken driver fails the run even where no GPU could be named
        report.verdict = Verdict::failed;
        report.exit_code = 1;
    } else if (!gpu_present) {
        report.verdict = Verdict::no_gpu;
        report.exit_code = 3;
    } else {
        report.verdict = degraded ? Verdict::degraded : Verdict::healthy;
        report.exit_code = 0;
    }
}

}  // namespace gpuprobe
