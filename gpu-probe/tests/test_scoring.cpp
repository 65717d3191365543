#include "scoring.h"
#include "test_util.h"

using namespace gpuprobe;

static TestResult measured(double v) {
    TestResult r;
    r.key = "gemm_bf16";
    r.status = TestStatus::passed;
    r.value = v;
    return r;
}

int main() {
    Thresholds t;  // 0.90 / 0.75
    TestResult r = measured(794);
    score(r, 794.0, "NVIDIA H100 80GB HBM3 BF16", t);
    EXPECT(r.status == TestStatus::passed && r.ratio && *r.ratio == 1.0 && r.reason.empty());
    r = measured(714.6);  // exactly 0.90
    score(r, 794.0, "x", t);
    EXPECT(r.status == TestStatus::passed);
    r = measured(700);
    score(r, 794.0, "x", t);
    EXPECT(r.status == TestStatus::degraded && !r.reason.empty());
    r = measured(595.5);  // exactly 0.75
    score(r, 794.0, "x", t);
    EXPECT(r.status == TestStatus::degraded);
    r = measured(500);
    score(r, 794.0, "x", t);
    EXPECT(r.status == TestStatus::failed && r.reason.find("63.0%") != std::string::npos);
    r = measured(900);
    score(r, std::nullopt, "NVIDIA H200 FP8", t);
    EXPECT(r.status == TestStatus::waived && !r.baseline && !r.ratio);
    EXPECT_EQ(r.reason, "no measured baseline for NVIDIA H200 FP8");
    // A failed result check outranks throughput.
    r = measured(900);
    r.status = TestStatus::failed;
    r.reason = "result check";
    score(r, 794.0, "x", t);
    EXPECT(r.status == TestStatus::failed && r.reason == "result check");
    // Custom thresholds.
    r = measured(700);
    score(r, 794.0, "x", Thresholds{0.85, 0.5});
    EXPECT(r.status == TestStatus::passed);

    // Verdicts and exit codes.
    RunReport rep;
    TestResult waived = measured(1);
    waived.status = TestStatus::waived;
    rep.cpu_tests = {waived};
    finish_verdict(rep, false);
    EXPECT(rep.exit_code == 3 && rep.verdict == Verdict::no_gpu);
    GpuReport g;
    TestResult deg = measured(1);
    deg.status = TestStatus::degraded;
    g.tests = {waived, deg};
    rep.gpus = {g};
    finish_verdict(rep, true);
    EXPECT(rep.exit_code == 0 && rep.verdict == Verdict::degraded);
    TestResult err = measured(1);
    err.status = TestStatus::error;
    rep.gpus[0].tests.push_back(err);
    finish_verdict(rep, true);
    EXPECT(rep.exit_code == 1 && rep.verdict == Verdict::failed);
    rep.gpus.clear();
    TestResult fail = measured(1);
    fail.status = TestStatus::failed;
    rep.cpu_tests = {fail};
    finish_verdict(rep, false);
    EXPECT(rep.exit_code == 1);  // a failure outranks "no GPU"
    return TEST_RESULT();
}
