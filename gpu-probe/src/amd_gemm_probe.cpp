// AMD GPU GEMM throughput per precision with rocBLAS (rocblas_gemm_ex), on the same data, check and report as the
// cuBLASLt test (gemm_data.h, gemm_report.cpp). Without rocBLAS the test is waived, naming the library.
#include "amd_gemm.h"

namespace gpuprobe {
namespace {

struct AmdPrecision {
    const char* key;
    const char* label;
    int ab_type;        // the element encoding (gemm_data.h)
    int cd_type;
    int rocblas_ab;     // rocblas_datatype of A and B
    int rocblas_cd;     // of C, D and the computation
    int exact_limit;    // as the cuBLASLt precisions (gemm_probe.cpp)
};

// TF32 and FP8 have no rocblas_gemm_ex type: FP8 runs through hipBLASLt (amd_fp8_probe.cpp), TF32 not at all.
const AmdPrecision kAmdPrecisions[] = {
    {"gemm_fp64", "FP64", CUDA_R_64F, CUDA_R_64F, rocblas_datatype_f64_r, rocblas_datatype_f64_r, 1024},
    {"gemm_fp32", "FP32", CUDA_R_32F, CUDA_R_32F, rocblas_datatype_f32_r, rocblas_datatype_f32_r, 2048},
    {"gemm_bf16", "BF16", CUDA_R_16BF, CUDA_R_32F, rocblas_datatype_bf16_r, rocblas_datatype_f32_r, 256},
    {"gemm_fp16", "FP16", CUDA_R_16F, CUDA_R_32F, rocblas_datatype_f16_r, rocblas_datatype_f32_r, 2048},
};

struct RocblasHandle {
    RocblasApi& api;
    rocblas_handle h = nullptr;
    explicit RocblasHandle(RocblasApi& a) : api(a) {}
    ~RocblasHandle() {
        if (h != nullptr) api.destroy_handle(h);
    }
};

Status run_amd_gemm(AmdDevice& g, const AmdPrecision& p, const Options& o, GemmOutcome& out) {
    RocblasApi& blas = g.env.rocblas;
    const int n = o.gemm_size;
    AmdGemmOperands ops(g.hip, n, p.ab_type, p.cd_type);
    CHECK_OK(ops.allocated());
    CHECK_OK(ops.fill_random());
    RocblasHandle handle(blas);
    CHECK_ROCBLAS(blas, blas.create_handle(&handle.h));
    CHECK_ROCBLAS(blas, blas.set_stream(handle.h, g.stream));
    const double alpha64 = 1.0, beta64 = 0.0;
    const float alpha32 = 1.0f, beta32 = 0.0f;
    const bool fp64 = p.rocblas_cd == rocblas_datatype_f64_r;
    const void* alpha = fp64 ? static_cast<const void*>(&alpha64) : &alpha32;
    const void* beta = fp64 ? static_cast<const void*>(&beta64) : &beta32;
    auto gemm = [&]() -> Status {
        CHECK_ROCBLAS(blas, blas.gemm_ex(handle.h, rocblas_operation_transpose, rocblas_operation_none, n, n, n, alpha,
                                         ops.a.get(), p.rocblas_ab, n, ops.b.get(), p.rocblas_ab, n, beta, ops.d.get(),
                                         p.rocblas_cd, n, ops.d.get(), p.rocblas_cd, n, p.rocblas_cd, 0, 0, 0));
        return Status::ok();
    };
    return time_and_check_amd_gemm(g, o, ops, p.exact_limit, gemm, out);
}

class AmdGemmProbe : public Probe {
public:
    explicit AmdGemmProbe(const AmdPrecision& p) : p_(p) {}
    std::string key() const override { return p_.key; }
    std::string description() const override {
        return std::string("AMD GPU ") + p_.label +
               " GEMM TFLOP/s via rocBLAS on random data (2*M*N*K, median of events), full integer result check";
    }
    Scope scope() const override { return Scope::amd_gpu; }
    bool supported(const ProbeContext& ctx, std::string& why) const override {
        if (ctx.amd == nullptr || ctx.amd->env.rocblas_status) return true;
        why = ctx.amd->env.rocblas_status.message();
        return false;
    }
    TestResult run(ProbeContext& ctx) override {
        AmdDevice& g = *ctx.amd;
        TestResult r = gemm_result_shell(p_.label, ctx.options);
        r.details.emplace_back("library", std::string("rocBLAS rocblas_gemm_ex"));
        GemmOutcome out;
        Status s = run_amd_gemm(g, p_, ctx.options, out);
        if (!s) {
            set_error(r, s);
            return r;
        }
        report_gemm(r, ctx, g.name, p_.key, out, ctx.options.inject_fault == "gemm-corrupt");
        return r;
    }

private:
    AmdPrecision p_;
};

}  // namespace

void add_amd_gemm_probes(Registry& r) {
    for (const auto& p : kAmdPrecisions) r.push_back(std::make_unique<AmdGemmProbe>(p));
}

}  // namespace gpuprobe
