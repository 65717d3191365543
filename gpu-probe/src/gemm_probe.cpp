// GPU GEMM throughput per precision (cuBLASLt), with an exact result check.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "cpu_probes.h"
#include "gpu_device.h"
#include "probe.h"

namespace gpuprobe {
namespace {

struct Precision {
    const char* key;
    const char* label;
    int ab_type;
    int cd_type;
    int compute;
    int scale_type;
    int ab_bytes;
    int cd_bytes;
    int min_cc;  // major*10+minor
};

const Precision kPrecisions[] = {
    {"gemm_fp64", "FP64", CUDA_R_64F, CUDA_R_64F, CUBLAS_COMPUTE_64F, CUDA_R_64F, 8, 8, 0},
    {"gemm_fp32", "FP32", CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F, CUDA_R_32F, 4, 4, 0},
    {"gemm_tf32", "TF32", CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32, CUDA_R_32F, 4, 4, 80},
    {"gemm_bf16", "BF16", CUDA_R_16BF, CUDA_R_32F, CUBLAS_COMPUTE_32F, CUDA_R_32F, 2, 4, 80},
    {"gemm_fp16", "FP16", CUDA_R_16F, CUDA_R_32F, CUBLAS_COMPUTE_32F, CUDA_R_32F, 2, 4, 70},
    {"gemm_fp8", "FP8", CUDA_R_8F_E4M3, CUDA_R_32F, CUBLAS_COMPUTE_32F, CUDA_R_32F, 1, 4, 89},
};

// Encodes a small integer v in [-2, 2] in the element type (exact in every one of them).
void encode(int type, float v, unsigned char* out) {
    const bool neg = v < 0;
    const int mag = static_cast<int>(neg ? -v : v);
    switch (type) {
        case CUDA_R_64F: { double d = v; std::memcpy(out, &d, 8); break; }
        case CUDA_R_32F: { std::memcpy(out, &v, 4); break; }
        case CUDA_R_16BF: { std::uint32_t bits; std::memcpy(&bits, &v, 4); std::uint16_t h = bits >> 16; std::memcpy(out, &h, 2); break; }
        case CUDA_R_16F: {
            std::uint16_t h = mag == 0 ? 0 : mag == 1 ? 0x3C00 : 0x4000;
            if (neg) h |= 0x8000;
            std::memcpy(out, &h, 2);
            break;
        }
        case CUDA_R_8F_E4M3: {
            unsigned char e = mag == 0 ? 0 : mag == 1 ? 0x38 : 0x40;
            if (neg) e |= 0x80;
            *out = e;
            break;
        }
    }
}

double decode_result(int type, const unsigned char* p) {
    if (type == CUDA_R_64F) { double d; std::memcpy(&d, p, 8); return d; }
    float f; std::memcpy(&f, p, 4); return f;
}

struct GemmOutcome {
    std::vector<double> ms;
    long long checked = 0, mismatches = 0;
    double first_bad_got = 0, first_bad_want = 0;
};

// RAII for the cuBLASLt objects of one matmul.
struct LtObjects {
    CublasLtApi& lt;
    cublasLtHandle_t handle = nullptr;
    cublasLtMatmulDesc_t desc = nullptr;
    cublasLtMatrixLayout_t a = nullptr, b = nullptr, d = nullptr;
    cublasLtMatmulPreference_t pref = nullptr;
    explicit LtObjects(CublasLtApi& l) : lt(l) {}
    ~LtObjects() {
        if (pref) lt.pref_destroy(pref);
        if (d) lt.layout_destroy(d);
        if (b) lt.layout_destroy(b);
        if (a) lt.layout_destroy(a);
        if (desc) lt.desc_destroy(desc);
        if (handle) lt.destroy(handle);
    }
};

// D[M×N] = op(A)·B with A stored K×M column-major and transposed (the "TN" layout FP8 requires on Hopper; used for
// every precision so all run the same shape), B K×N column-major, D M×N column-major in FP32 (FP64 for FP64).
Status run_gemm(GpuDevice& g, const Precision& p, int n, int warmup, int iterations, GemmOutcome& out) {
    CudaApi& cu = g.cu;
    CublasLtApi& lt = g.env.cublaslt;
    const std::size_t nn = static_cast<std::size_t>(n) * n;
    std::vector<unsigned char> host(nn * p.ab_bytes);
    DeviceBuffer a(cu, nn * p.ab_bytes), b(cu, nn * p.ab_bytes), d(cu, nn * p.cd_bytes);
    DeviceBuffer workspace(cu, 32u << 20);
    CHECK_CU(cu, a.status());
    CHECK_CU(cu, b.status());
    CHECK_CU(cu, d.status());
    CHECK_CU(cu, workspace.status());
    for (int i = 0; i < n; ++i)
        for (int k = 0; k < n; ++k) encode(p.ab_type, exact_pattern(i, k, 1), &host[(static_cast<std::size_t>(i) * n + k) * p.ab_bytes]);
    CHECK_CU(cu, cu.cuMemcpyHtoD(a.get(), host.data(), host.size()));
    for (int j = 0; j < n; ++j)
        for (int k = 0; k < n; ++k) encode(p.ab_type, exact_pattern(k, j, 2), &host[(static_cast<std::size_t>(j) * n + k) * p.ab_bytes]);
    CHECK_CU(cu, cu.cuMemcpyHtoD(b.get(), host.data(), host.size()));

    LtObjects o(lt);
    CHECK_BLAS(lt.create(&o.handle));
    CHECK_BLAS(lt.desc_create(&o.desc, p.compute, p.scale_type));
    const int opT = CUBLAS_OP_T, opN = CUBLAS_OP_N;
    CHECK_BLAS(lt.desc_set(o.desc, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof opT));
    CHECK_BLAS(lt.desc_set(o.desc, CUBLASLT_MATMUL_DESC_TRANSB, &opN, sizeof opN));
    CHECK_BLAS(lt.layout_create(&o.a, p.ab_type, n, n, n));
    CHECK_BLAS(lt.layout_create(&o.b, p.ab_type, n, n, n));
    CHECK_BLAS(lt.layout_create(&o.d, p.cd_type, n, n, n));
    CHECK_BLAS(lt.pref_create(&o.pref));
    std::uint64_t ws = workspace.bytes();
    CHECK_BLAS(lt.pref_set(o.pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof ws));
    cublasLtMatmulHeuristicResult_t heur {};
    int found = 0;
    CHECK_BLAS(lt.heuristic(o.handle, o.desc, o.a, o.b, o.d, o.d, o.pref, 1, &heur, &found));
    CHECK_AS(found > 0, std::string("cuBLASLt has no algorithm for ") + p.label + " on this GPU", ErrorClass::environment);
    const double alpha64 = 1.0, beta64 = 0.0;
    const float alpha32 = 1.0f, beta32 = 0.0f;
    const void* alpha = p.scale_type == CUDA_R_64F ? static_cast<const void*>(&alpha64) : &alpha32;
    const void* beta = p.scale_type == CUDA_R_64F ? static_cast<const void*>(&beta64) : &beta32;
    auto launch = [&]() {
        return lt.matmul(o.handle, o.desc, alpha, reinterpret_cast<const void*>(a.get()), o.a,
                         reinterpret_cast<const void*>(b.get()), o.b, beta, reinterpret_cast<const void*>(d.get()),
                         o.d, reinterpret_cast<void*>(d.get()), o.d, &heur.algo,
                         reinterpret_cast<void*>(workspace.get()), workspace.bytes(), g.stream);
    };
    for (int w = 0; w < warmup; ++w) CHECK_BLAS(launch());
    Event start(cu), stop(cu);
    CHECK_CU(cu, start.status());
    CHECK_CU(cu, stop.status());
    for (int it = 0; it < iterations; ++it) {
        CHECK_CU(cu, cu.cuEventRecord(start.get(), g.stream));
        CHECK_BLAS(launch());
        CHECK_CU(cu, cu.cuEventRecord(stop.get(), g.stream));
        CHECK_CU(cu, cu.cuEventSynchronize(stop.get()));
        float ms = 0;
        CHECK_CU(cu, cu.cuEventElapsedTime(&ms, start.get(), stop.get()));
        out.ms.push_back(ms);
    }
    CHECK_CU(cu, cu.cuStreamSynchronize(g.stream));
    // Sampled exact check of the last result.
    for (int s = 0; s < 512; ++s) {
        const int i = (s * 7919) % n, j = (s * 104729 + 13) % n;
        double want = 0;
        for (int k = 0; k < n; ++k) want += static_cast<double>(exact_pattern(i, k, 1)) * exact_pattern(k, j, 2);
        unsigned char buf[8];
        CHECK_CU(cu, cu.cuMemcpyDtoH(buf, d.get() + (static_cast<std::size_t>(j) * n + i) * p.cd_bytes, p.cd_bytes));
        const double got = decode_result(p.cd_type, buf);
        ++out.checked;
        if (got != want) {
            if (out.mismatches == 0) {
                out.first_bad_got = got;
                out.first_bad_want = want;
            }
            ++out.mismatches;
        }
    }
    return Status::ok();
}

class GemmProbe : public Probe {
public:
    explicit GemmProbe(const Precision& p) : p_(p) {}
    std::string key() const override { return p_.key; }
    std::string description() const override {
        return std::string("GPU ") + p_.label + " GEMM TFLOP/s via cuBLASLt (2*M*N*K, median), exact result check";
    }
    Scope scope() const override { return Scope::gpu; }
    bool supported(const ProbeContext& ctx, std::string& why) const override {
        if (ctx.gpu == nullptr) return true;  // --list without a GPU
        if (!ctx.gpu->env.cublaslt_status) {
            why = ctx.gpu->env.cublaslt_status.message();
            return false;
        }
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
        const int n = ctx.options.gemm_size;
        TestResult r;
        r.unit = "TFLOP/s";
        r.precision = p_.label;
        r.metric = "gemm_flops";
        r.metric_help = "GPU GEMM throughput, FLOP/s (2*M*N*K per GEMM over the median CUDA-event time).";
        r.metric_scale = 1e12;
        GemmOutcome out;
        Status s = run_gemm(g, p_, n, ctx.options.warmup, ctx.options.iterations, out);
        r.details = {{"m", static_cast<long long>(n)}, {"n", static_cast<long long>(n)}, {"k", static_cast<long long>(n)},
                     {"layout", std::string("TN, FP32 output (FP64 for FP64)")},
                     {"iterations", static_cast<long long>(ctx.options.iterations)},
                     {"warmup", static_cast<long long>(ctx.options.warmup)}};
        if (!s) {
            set_error(r, s);
            return r;
        }
        const double med = median(out.ms);
        r.value = 2.0 * n * static_cast<double>(n) * n / (med * 1e-3) / 1e12;
        r.details.emplace_back("median_ms", med);
        r.details.emplace_back("min_ms", *std::min_element(out.ms.begin(), out.ms.end()));
        r.details.emplace_back("max_ms", *std::max_element(out.ms.begin(), out.ms.end()));
        r.details.emplace_back("check", std::string("exact integers in [-2,2], sampled entries vs host reference"));
        r.details.emplace_back("checked_entries", out.checked);
        r.details.emplace_back("mismatches", out.mismatches);
        if (out.mismatches > 0) {
            r.status = TestStatus::failed;
            r.reason = "result check: " + std::to_string(out.mismatches) + " of " + std::to_string(out.checked) +
                       " sampled entries wrong (first: got " + std::to_string(out.first_bad_got) + ", want " +
                       std::to_string(out.first_bad_want) + ")";
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
