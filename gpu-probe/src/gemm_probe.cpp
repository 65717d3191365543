// GPU GEMM throughput per precision (cuBLASLt, gemm_run.h), with a full result check.
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
        TestResult r = gemm_result_shell(p_.label, o);
        if (!g.env.cublaslt_status) {
            set_error(r, g.env.cublaslt_status);
            return r;
        }
        GemmSettings settings{o.gemm_size, o.iterations, o.gemm_warmup_seconds, o.gemm_seconds,
                              o.inject_fault == "gemm-corrupt"};
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
        report_gemm(r, ctx, g.name, p_.key, out, settings.corrupt_one_element);
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
