#include <vector>

#include "baselines.h"
#include "options.h"
#include "probe.h"
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

    // Each test kind against its catalogue figure (GEMM per precision, device memory, host<->device).
    Baselines catalogue;
    EXPECT(Baselines::parse_skus("product_name,precision,peak_tflops,memory_bandwidth_gbps\n"
                                 "G,BF16,1000,3000\nG,FP64,60,3000\nG,FP8,2000,3000\n", catalogue).is_ok());
    EXPECT(Baselines::parse_baselines("product_name,test,achievable,unit,source\n"
                                      "G,gemm_bf16,800,TFLOP/s,paper A\nG,gemm_fp64,50,TFLOP/s,paper B\n"
                                      "G,gemm_fp8,,TFLOP/s,none published\n"
                                      "G,device_memory_bandwidth,2500,GB/s,DCGM\nG,h2d_bandwidth,50,GB/s,blog\n", catalogue).is_ok());
    Options options;
    ProbeContext ctx{options, catalogue, t, nullptr};
    struct Kind {
        const char* test;
        double value;
        TestStatus want;
        std::optional<double> ratio;
        const char* source;  // expected details.baseline_source, or null for none
    };
    const std::vector<Kind> kinds = {
        {"gemm_bf16", 760, TestStatus::passed, 0.95, "paper A"},
        {"gemm_bf16", 640, TestStatus::degraded, 0.8, "paper A"},
        {"gemm_fp64", 30, TestStatus::failed, 0.6, "paper B"},
        {"gemm_fp8", 1500, TestStatus::waived, std::nullopt, nullptr},        // empty figure
        {"gemm_fp16", 700, TestStatus::waived, std::nullopt, nullptr},        // no row
        {"device_memory_bandwidth", 2500, TestStatus::passed, 1.0, "DCGM"},
        {"device_memory_bandwidth", 1500, TestStatus::failed, 0.6, "DCGM"},
        {"h2d_bandwidth", 40, TestStatus::degraded, 0.8, "blog"},
        {"d2h_bandwidth", 40, TestStatus::waived, std::nullopt, nullptr},
    };
    for (const auto& k : kinds) {
        TestResult m = measured(k.value);
        score_with_catalogue(m, ctx, "G", k.test);
        EXPECT(m.status == k.want);
        EXPECT(m.ratio.has_value() == k.ratio.has_value());
        if (m.ratio && k.ratio) EXPECT(*m.ratio > *k.ratio - 1e-9 && *m.ratio < *k.ratio + 1e-9);
        std::string source;
        for (const auto& d : m.details)
            if (d.first == "baseline_source") source = std::get<std::string>(d.second);
        EXPECT_EQ(source, std::string(k.source == nullptr ? "" : k.source));
        if (m.status == TestStatus::waived) EXPECT_EQ(m.reason, "no measured baseline for G " + std::string(k.test));
    }

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
    // A broken driver (cuInit 999 or 803) is a failed run, never "no GPU", even when no GPU could be named.
    RunReport broken;
    broken.cpu_tests = {waived};
    broken.gpu_error = std::make_pair(std::string("hardware"), std::string("CUDA_ERROR_UNKNOWN"));
    finish_verdict(broken, false);
    EXPECT(broken.exit_code == 1 && broken.verdict == Verdict::failed);
    return TEST_RESULT();
}
