// AMD GPU GEMM throughput per precision with rocBLAS (rocblas_gemm_ex), on the same data, check and report as the
// cuBLASLt test (gemm_data.h, gemm_report.cpp). Without rocBLAS the test is waived, naming the library.
#include <cstdint>

#include "amd_device.h"
#include "gemm_run.h"

namespace gpuprobe {
namespace {

constexpr int kSampledEntries = 512;

struct AmdPrecision {
    const char* key;
    const char* label;
    int ab_type;        // the element encoding (gemm_data.h)
    int cd_type;
    int rocblas_ab;     // rocblas_datatype of A and B
    int rocblas_cd;     // of C, D and the computation
    int exact_limit;    // as the cuBLASLt precisions (gemm_probe.cpp)
};

// TF32 and FP8 have no rocblas_gemm_ex type; MI300's FP8 needs hipBLASLt, which this probe does not load yet.
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

// A and B as `fill` writes them (fill_operands), copied to the device.
template <typename Fill>
Status upload(HipApi& hip, const HipBuffer& a, const HipBuffer& b, int n, int bytes, Fill fill) {
    auto to = [&hip](const HipBuffer& d) {
        return [&hip, &d](const std::vector<unsigned char>& host) -> Status {
            CHECK_HIP(hip, hip.hipMemcpy(d.get(), host.data(), host.size(), hipMemcpyHostToDevice));
            return Status::ok();
        };
    };
    return fill_operands(n, bytes, fill, to(a), to(b));
}

Status run_amd_gemm(AmdDevice& g, const AmdPrecision& p, const Options& o, GemmOutcome& out) {
    HipApi& hip = g.hip;
    RocblasApi& blas = g.env.rocblas;
    const int n = o.gemm_size, ab = element_bytes(p.ab_type), cd = element_bytes(p.cd_type);
    const std::size_t nn = static_cast<std::size_t>(n) * n;
    HipBuffer a(hip, nn * ab), b(hip, nn * ab), d(hip, nn * cd);
    CHECK_HIP(hip, a.status());
    CHECK_HIP(hip, b.status());
    CHECK_HIP(hip, d.status());
    std::uint64_t rng = 0x9E3779B97F4A7C15ull;
    CHECK_OK(upload(hip, a, b, n, ab, [&](int, int, unsigned, unsigned char* e) {
        random_element(p.ab_type, rng, e);
        return Status::ok();
    }));
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
                                         a.get(), p.rocblas_ab, n, b.get(), p.rocblas_ab, n, beta, d.get(),
                                         p.rocblas_cd, n, d.get(), p.rocblas_cd, n, p.rocblas_cd, 0, 0, 0));
        return Status::ok();
    };
    out.per_batch = 1;
    out.warmup_gemms = o.warmup;
    CHECK_OK(time_hip_ops(g, o.warmup, o.iterations, gemm, out.ms));

    out.check_limit = check_value_limit(p.exact_limit, p.cd_type == CUDA_R_64F, n);
    CHECK_OK(upload(hip, a, b, n, ab, [&](int r, int c, unsigned seed, unsigned char* e) {
        CHECK(encode_exact(p.ab_type, check_value(r, c, seed, out.check_limit), e), "check value not exact");
        return Status::ok();
    }));
    CHECK_OK(gemm());
    CHECK_HIP(hip, hip.hipStreamSynchronize(g.stream));
    std::vector<unsigned char> result(nn * cd);
    CHECK_HIP(hip, hip.hipMemcpy(result.data(), d.get(), result.size(), hipMemcpyDeviceToHost));
    if (o.inject_fault == "gemm-corrupt") {
        unsigned char* at = &result[(static_cast<std::size_t>(n / 2) * n + n / 3) * cd];
        CHECK(encode_exact(p.cd_type, decode_element(p.cd_type, at) + 1.0, at), "cannot corrupt the element exactly");
    }
    out.check = check_result(result.data(), p.cd_type, n, out.check_limit, reference_column_sums(n, out.check_limit),
                             kSampledEntries);
    return Status::ok();
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
