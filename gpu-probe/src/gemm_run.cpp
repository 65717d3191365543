#include "gemm_run.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "cublas_loader.h"
#include "gpu_device.h"
#include "gpu_timing.h"

namespace gpuprobe {
namespace {

constexpr int kMaxAlgorithms = 8;
constexpr int kSampledEntries = 512;

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

Status no_algorithm(const Precision& p, const std::string& why) {
    return Status::error(std::string("cuBLASLt runs no ") + p.label + " algorithm on this GPU: " + why)
        .classified(ErrorClass::environment, "CUBLAS_STATUS_NOT_SUPPORTED");
}

// A and B as `fill` writes them (fill_operands), copied to the device.
template <typename Fill>
Status upload(GpuDevice& g, const DeviceBuffer& a, const DeviceBuffer& b, int n, int bytes, Fill fill) {
    auto to = [&g](const DeviceBuffer& d) {
        return [&g, &d](const std::vector<unsigned char>& host) -> Status {
            CHECK_CU(g.cu, g.cu.cuMemcpyHtoD(d.get(), host.data(), host.size()));
            return Status::ok();
        };
    };
    return fill_operands(n, bytes, fill, to(a), to(b));
}

// Adds 1 to one output element, as a fault would (--inject-fault gemm-corrupt), so that the check must catch it.
Status corrupt_one(GpuDevice& g, const DeviceBuffer& d, int cd_type, int n) {
    const int bytes = element_bytes(cd_type);
    const CUdeviceptr at = d.get() + (static_cast<std::size_t>(n / 2) * n + n / 3) * bytes;
    unsigned char buf[8];
    CHECK_CU(g.cu, g.cu.cuMemcpyDtoH(buf, at, bytes));
    CHECK(encode_exact(cd_type, decode_element(cd_type, buf) + 1.0, buf), "cannot corrupt the element exactly");
    CHECK_CU(g.cu, g.cu.cuMemcpyHtoD(at, buf, bytes));
    return Status::ok();
}

}  // namespace

Status run_gemm(GpuDevice& g, const Precision& p, const GemmSettings& s, GemmOutcome& out) {
    CudaApi& cu = g.cu;
    CublasLtApi& lt = g.env.cublaslt;
    const int n = s.n, ab = element_bytes(p.ab_type), cd = element_bytes(p.cd_type);
    const std::size_t nn = static_cast<std::size_t>(n) * n;
    const std::size_t workspace_bytes = 32u << 20;
    CHECK_OK(g.check_not_busy(nn * (2 * ab + cd) + workspace_bytes));
    DeviceBuffer a(cu, nn * ab), b(cu, nn * ab), d(cu, nn * cd), workspace(cu, workspace_bytes);
    CHECK_CU(cu, a.status());
    CHECK_CU(cu, b.status());
    CHECK_CU(cu, d.status());
    CHECK_CU(cu, workspace.status());
    std::uint64_t rng = 0x9E3779B97F4A7C15ull;
    CHECK_OK(upload(g, a, b, n, ab, [&](int, int, unsigned, unsigned char* e) {
        random_element(p.ab_type, rng, e);
        return Status::ok();
    }));

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
    cublasLtMatmulHeuristicResult_t heur[kMaxAlgorithms] {};
    int found = 0;
    const cublasStatus_t hs = lt.heuristic(o.handle, o.desc, o.a, o.b, o.d, o.d, o.pref, kMaxAlgorithms, heur, &found);
    if (hs == CUBLAS_STATUS_NOT_SUPPORTED || (hs == 0 && found == 0)) return no_algorithm(p, "no heuristic result");
    CHECK_BLAS(hs);
    const double alpha64 = 1.0, beta64 = 0.0;
    const float alpha32 = 1.0f, beta32 = 0.0f;
    const void* alpha = p.scale_type == CUDA_R_64F ? static_cast<const void*>(&alpha64) : &alpha32;
    const void* beta = p.scale_type == CUDA_R_64F ? static_cast<const void*>(&beta64) : &beta32;
    const cublasLtMatmulAlgo_t* algo = nullptr;
    auto matmul = [&](const cublasLtMatmulAlgo_t* with) {
        return lt.matmul(o.handle, o.desc, alpha, reinterpret_cast<const void*>(a.get()), o.a,
                         reinterpret_cast<const void*>(b.get()), o.b, beta, reinterpret_cast<const void*>(d.get()),
                         o.d, reinterpret_cast<void*>(d.get()), o.d, with, reinterpret_cast<void*>(workspace.get()),
                         workspace.bytes(), g.stream);
    };
    // The heuristic's first choice may still refuse this shape or workspace: try its others before giving up.
    std::string refusals;
    for (int i = 0; i < found && algo == nullptr; ++i) {
        ++out.algorithms_tried;
        const cublasStatus_t r = heur[i].state != 0 ? CUBLAS_STATUS_NOT_SUPPORTED : matmul(&heur[i].algo);
        if (r == 0) {
            algo = &heur[i].algo;
        } else if (r == CUBLAS_STATUS_NOT_SUPPORTED) {
            refusals += (refusals.empty() ? "" : ", ") + std::string("algorithm ") + std::to_string(i);
        } else {
            CHECK_BLAS(r);
        }
    }
    if (algo == nullptr) return no_algorithm(p, std::to_string(found) + " heuristic results refused (" + refusals + ")");
    auto launch = [&]() -> Status {
        CHECK_BLAS(matmul(algo));
        return Status::ok();
    };

    {
        NvmlSampler sampler(g.env.nvml, g.nvml, g.load);
        WarmUp warm;
        CHECK_OK(warm_up(g, s.warmup_seconds, 1, launch, warm));
        out.warmup_gemms = warm.ops;
        out.warmup_wall_seconds = warm.wall_seconds;
        out.per_batch =
            std::max(1LL, static_cast<long long>(std::ceil(s.timed_seconds / s.batches / warm.seconds_per_op)));
        CHECK_OK(time_queued(g, s.batches, out.per_batch, launch, out.ms));
    }

    // The check: integer inputs exact in this precision, one GEMM, every column sum and sampled entries.
    out.check_limit = check_value_limit(p.exact_limit, p.cd_type == CUDA_R_64F, n);
    CHECK_OK(upload(g, a, b, n, ab, [&](int r, int c, unsigned seed, unsigned char* e) {
        CHECK(encode_exact(p.ab_type, check_value(r, c, seed, out.check_limit), e), "check value not exact");
        return Status::ok();
    }));
    CHECK_OK(launch());
    CHECK_CU(cu, cu.cuStreamSynchronize(g.stream));
    if (s.corrupt_one_element) CHECK_OK(corrupt_one(g, d, p.cd_type, n));
    std::vector<unsigned char> result(nn * cd);
    CHECK_CU(cu, cu.cuMemcpyDtoH(result.data(), d.get(), result.size()));
    out.check = check_result(result.data(), p.cd_type, n, out.check_limit,
                             reference_column_sums(n, out.check_limit), kSampledEntries);
    return Status::ok();
}

}  // namespace gpuprobe
