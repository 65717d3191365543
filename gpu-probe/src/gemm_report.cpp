// The GEMM test's result, whichever library ran it (cuBLASLt or rocBLAS): one shape of details and one check verdict.
#include <algorithm>
#include <cstdio>

#include "cpu_probes.h"
#include "gemm_run.h"

namespace gpuprobe {
namespace {

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

}  // namespace

TestResult gemm_result_shell(const char* label, const Options& o) {
    TestResult r;
    r.unit = "TFLOP/s";
    r.precision = label;
    r.metric = "gemm_flops";
    r.metric_help = "GPU GEMM throughput, FLOP/s (2*M*N*K per GEMM over the median GPU-event time).";
    r.metric_scale = 1e12;
    const long long n = o.gemm_size;
    r.details = {{"m", n}, {"n", n}, {"k", n},
                 {"layout", std::string("TN, FP32 output (FP64 for FP64)")},
                 {"data", std::string("random mantissas, magnitudes in [1/8, 2)")},
                 {"batches", static_cast<long long>(o.iterations)}};
    return r;
}

void report_gemm(TestResult& r, const ProbeContext& ctx, const std::string& product, const char* key,
                 const GemmOutcome& out, bool injected) {
    const Options& o = ctx.options;
    const double n = o.gemm_size;
    const double med = median(out.ms);
    r.value = 2.0 * n * n * n / (med * 1e-3) / 1e12;
    r.details.emplace_back("median_ms", med);
    r.details.emplace_back("min_ms", *std::min_element(out.ms.begin(), out.ms.end()));
    r.details.emplace_back("max_ms", *std::max_element(out.ms.begin(), out.ms.end()));
    r.details.emplace_back("gemms_per_batch", out.per_batch);
    r.details.emplace_back("timed_seconds", med * 1e-3 * static_cast<double>(out.per_batch) * o.iterations);
    r.details.emplace_back("warmup_gemms", out.warmup_gemms);
    r.details.emplace_back("warmup_seconds", out.warmup_wall_seconds);
    r.details.emplace_back("algorithms_tried", out.algorithms_tried);
    r.details.emplace_back("check", "integers in [-" + std::to_string(out.check_limit) + "," +
                                        std::to_string(out.check_limit) +
                                        "]: every column sum vs a double reference, plus sampled entries");
    r.details.emplace_back("checked_columns", out.check.columns_checked);
    r.details.emplace_back("checked_entries", out.check.entries_checked);
    r.details.emplace_back("mismatches", out.check.mismatches());
    if (injected) r.details.emplace_back("injected_fault", std::string("gemm-corrupt"));
    if (out.check.mismatches() > 0) {
        r.status = TestStatus::failed;
        r.reason = "result check: " + std::to_string(out.check.bad_columns) + " of " +
                   std::to_string(out.check.columns_checked) + " column sums and " +
                   std::to_string(out.check.bad_entries) + " of " + std::to_string(out.check.entries_checked) +
                   " sampled entries wrong" +
                   (out.check.first_bad_column >= 0 ? " (first: column " + std::to_string(out.check.first_bad_column) +
                                                          " sums to " + number(out.check.first_bad_got) + ", want " +
                                                          number(out.check.first_bad_want) + ")"
                                                    : std::string());
        return;
    }
    r.status = TestStatus::passed;
    score_with_catalogue(r, ctx, product, key);
    if (const Sku* sku = ctx.baselines.find(product)) {
        auto it = sku->peak_tflops.find(r.precision);
        if (it != sku->peak_tflops.end() && it->second) r.details.emplace_back("datasheet_peak_tflops", *it->second);
    }
}

}  // namespace gpuprobe
