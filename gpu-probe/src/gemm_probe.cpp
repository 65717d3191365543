// GPU GEMM throughput per precision (cuBLASLt, gemm_run.h), with a full result check.
#include <algorithm>
#include <cstdio>

#include "cpu_probes.h"
#include "gemm_run.h"
#include "gpu_device.h"
#include "probe.h"

namespace gpuprobe {
namespace {

// Check limits: FP64 1024 (chosen: products and sums stay far inside 2^53), FP32/TF32 2048 (TF32 keeps 10 mantissa
// bits), BF16 256 (7 bits), FP16 2048 (10 bits), FP8 E4M3 4 (see check_value_limit). The accumulator bound of
// check_value_limit lowers all but FP64 further for large K (45 at K = 8192).
const Precision kPrecisions[] = {
    {"gemm_fp64", "FP64", CUDA_R_64F, CUDA_R_64F, CUBLAS_COMPUTE_64F, CUDA_R_64F, 0, 1024},
    {"gemm_fp32", "FP32", CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F, CUDA_R_32F, 0, 2048},
    {"gemm_tf32", "TF32", CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32, CUDA_R_32F, 80, 2048},
    {"gemm_bf16", "BF16", CUDA_R_16BF, CUDA_R_32F, CUBLAS_COMPUTE_32F, CUDA_R_32F, 80, 256},
    {"gemm_fp16", "FP16", CUDA_R_16F, CUDA_R_32F, CUBLAS_COMPUTE_32F, CUDA_R_32F, 70, 2048},
    {"gemm_fp8", "FP8", CUDA_R_8F_E4M3, CUDA_R_32F, CUBLAS_COMPUTE_32F, CUDA_R_32F, 89, 4},
};

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

class GemmProbe : public Probe {
public:
    explicit GemmProbe(const Precision& p) : p_(p) {}
    std::string key() const override { return p_.key; }
    std::string description() const override {
        return std::string("GPU ") + p_.label +
               " GEMM TFLOP/s via cuBLASLt on random data (2*M*N*K, median batch), full integer result check";
    }
    Scope scope() const override { return Scope::gpu; }
    // A precision the GPU lacks is waived; a missing cuBLASLt is not (run() reports it as an environment error:
    // a GPU whose GEMMs could not run is not healthy).
    bool supported(const ProbeContext& ctx, std::string& why) const override {
        if (ctx.gpu == nullptr) return true;  // --list without a GPU
        const int cc = ctx.gpu->cc_major * 10 + ctx.gpu->cc_minor;
        if (cc < p_.min_cc) {
            why = std::string(p_.label) + " GEMM needs compute capability " + std::to_string(p_.min_cc / 10) + "." +
                  std::to_string(p_.min_cc % 10) + "; this GPU is " + std::to_string(ctx.gpu->cc_major) + "." +
                  std::to_string(ctx.gpu->cc_minor);
            return false;
        }
        return true;
    }
    TestResult run(ProbeContext& ctx) override {
        GpuDevice& g = *ctx.gpu;
        const Options& o = ctx.options;
        TestResult r;
        r.unit = "TFLOP/s";
        r.precision = p_.label;
        r.metric = "gemm_flops";
        r.metric_help = "GPU GEMM throughput, FLOP/s (2*M*N*K per GEMM over the median CUDA-event time).";
        r.metric_scale = 1e12;
        const int n = o.gemm_size;
        r.details = {{"m", static_cast<long long>(n)}, {"n", static_cast<long long>(n)}, {"k", static_cast<long long>(n)},
                     {"layout", std::string("TN, FP32 output (FP64 for FP64)")},
                     {"data", std::string("random mantissas, magnitudes in [1/8, 2)")},
                     {"batches", static_cast<long long>(o.iterations)}};
        if (!g.env.cublaslt_status) {
            set_error(r, g.env.cublaslt_status);
            return r;
        }
        GemmSettings settings{n, o.iterations, o.gemm_warmup_seconds, o.gemm_seconds, o.inject_fault == "gemm-corrupt"};
        GemmOutcome out;
        Status s = run_gemm(g, p_, settings, out);
        if (!s && s.error_code() == "CUBLAS_STATUS_NOT_SUPPORTED") {
            r.status = TestStatus::waived;
            r.reason = s.message();
            return r;
        }
        if (!s) {
            set_error(r, s);
            return r;
        }
        const double med = median(out.ms);
        r.value = 2.0 * n * static_cast<double>(n) * n / (med * 1e-3) / 1e12;
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
        if (settings.corrupt_one_element) r.details.emplace_back("injected_fault", std::string("gemm-corrupt"));
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
            return r;
        }
        r.status = TestStatus::passed;
        score_with_catalogue(r, ctx, g.name, p_.key);
        if (const Sku* sku = ctx.baselines.find(g.name)) {
            auto it = sku->peak_tflops.find(p_.label);
            if (it != sku->peak_tflops.end() && it->second) r.details.emplace_back("datasheet_peak_tflops", *it->second);
        }
        return r;
    }

private:
    Precision p_;
};

}  // namespace

void add_gemm_probes(Registry& r) {
    for (const auto& p : kPrecisions) r.push_back(std::make_unique<GemmProbe>(p));
}

}  // namespace gpuprobe
