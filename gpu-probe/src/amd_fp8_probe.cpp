// AMD GPU FP8 GEMM throughput with hipBLASLt (rocBLAS's gemm_ex has no FP8), on the same data, check and report as the
// other GEMM tests (amd_gemm.h): E4M3 inputs (FNUZ on gfx94x, OCP on gfx95x), FP32 accumulation and D, TN. Waived,
// with the reason, on an architecture without FP8 and where hipBLASLt is missing.
#include <cstdint>

#include "amd_gemm.h"
#include "hipblaslt_api.h"

namespace gpuprobe {
namespace {

constexpr int kMaxAlgorithms = 8;
constexpr int kFp8ExactLimit = 4;  // as the cuBLASLt FP8 test (gemm_probe.cpp, check_value_limit)
constexpr std::size_t kWorkspaceBytes = 32u << 20;

// RAII for the hipBLASLt objects of one matmul.
struct LtObjects {
    HipblasltApi& lt;
    hipblasLtHandle_t handle = nullptr;
    hipblasLtMatmulDesc_t desc = nullptr;
    hipblasLtMatrixLayout_t a = nullptr, b = nullptr, d = nullptr;
    hipblasLtMatmulPreference_t pref = nullptr;
    explicit LtObjects(HipblasltApi& l) : lt(l) {}
    ~LtObjects() {
        if (pref) lt.pref_destroy(pref);
        if (d) lt.layout_destroy(d);
        if (b) lt.layout_destroy(b);
        if (a) lt.layout_destroy(a);
        if (desc) lt.desc_destroy(desc);
        if (handle) lt.destroy(handle);
    }
};

Status no_algorithm(const std::string& why) {
    return Status::error("hipBLASLt runs no FP8 algorithm on this GPU: " + why)
        .classified(ErrorClass::environment, "HIPBLAS_STATUS_NOT_SUPPORTED");
}

Status run_fp8_gemm(AmdDevice& g, int fp8_type, const Options& o, GemmOutcome& out) {
    HipblasltApi& lt = g.env.hipblaslt;
    const int n = o.gemm_size;
    AmdGemmOperands ops(g.hip, n, fp8_type, CUDA_R_32F);
    HipBuffer workspace(g.hip, kWorkspaceBytes);
    CHECK_OK(ops.allocated());
    CHECK_HIP(g.hip, workspace.status());
    CHECK_OK(ops.fill_random());

    LtObjects x(lt);
    CHECK_HIPBLASLT(lt.create(&x.handle));
    CHECK_HIPBLASLT(lt.desc_create(&x.desc, HIPBLAS_COMPUTE_32F, CUDA_R_32F));
    const std::int32_t opT = HIPBLAS_OP_T, opN = HIPBLAS_OP_N;
    CHECK_HIPBLASLT(lt.desc_set(x.desc, HIPBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof opT));
    CHECK_HIPBLASLT(lt.desc_set(x.desc, HIPBLASLT_MATMUL_DESC_TRANSB, &opN, sizeof opN));
    CHECK_HIPBLASLT(lt.layout_create(&x.a, fp8_type, n, n, n));
    CHECK_HIPBLASLT(lt.layout_create(&x.b, fp8_type, n, n, n));
    CHECK_HIPBLASLT(lt.layout_create(&x.d, CUDA_R_32F, n, n, n));
    CHECK_HIPBLASLT(lt.pref_create(&x.pref));
    const std::uint64_t ws = kWorkspaceBytes;
    CHECK_HIPBLASLT(lt.pref_set(x.pref, HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws, sizeof ws));
    hipblasLtMatmulHeuristicResult_t heur[kMaxAlgorithms] {};
    int found = 0;
    const hipblasStatus_t hs = lt.heuristic(x.handle, x.desc, x.a, x.b, x.d, x.d, x.pref, kMaxAlgorithms, heur, &found);
    if (hs == HIPBLAS_STATUS_NOT_SUPPORTED || (hs == HIPBLAS_STATUS_SUCCESS && found == 0))
        return no_algorithm("no heuristic result");
    CHECK_HIPBLASLT(hs);
    const float alpha = 1.0f, beta = 0.0f;
    auto matmul = [&](const hipblasLtMatmulAlgo_t* algo) {
        return lt.matmul(x.handle, x.desc, &alpha, ops.a.get(), x.a, ops.b.get(), x.b, &beta, ops.d.get(), x.d,
                         ops.d.get(), x.d, algo, workspace.get(), kWorkspaceBytes, g.stream);
    };
    // The heuristic's first choice may still refuse this shape: try its others before giving up, as on CUDA.
    const hipblasLtMatmulAlgo_t* algo = nullptr;
    for (int i = 0; i < found && algo == nullptr; ++i) {
        ++out.algorithms_tried;
        const hipblasStatus_t r = heur[i].state != HIPBLAS_STATUS_SUCCESS ? HIPBLAS_STATUS_NOT_SUPPORTED
                                                                         : matmul(&heur[i].algo);
        if (r == HIPBLAS_STATUS_SUCCESS) algo = &heur[i].algo;
        else if (r != HIPBLAS_STATUS_NOT_SUPPORTED) CHECK_HIPBLASLT(r);
    }
    if (algo == nullptr) return no_algorithm(std::to_string(found) + " heuristic results refused");
    auto gemm = [&]() -> Status {
        CHECK_HIPBLASLT(matmul(algo));
        return Status::ok();
    };
    return time_and_check_amd_gemm(g, o, ops, kFp8ExactLimit, gemm, out);
}

class AmdFp8GemmProbe : public Probe {
public:
    std::string key() const override { return "gemm_fp8"; }
    std::string description() const override {
        return "AMD GPU FP8 (E4M3) GEMM TFLOP/s via hipBLASLt on random data (2*M*N*K, median of events), full "
               "integer result check; gfx94x/gfx95x only";
    }
    Scope scope() const override { return Scope::amd_gpu; }
    bool supported(const ProbeContext& ctx, std::string& why) const override {
        if (ctx.amd == nullptr) return true;  // --list without a GPU
        if (amd_fp8_type(ctx.amd->gcn_arch) == 0) {
            why = "FP8 GEMM needs an AMD GPU with FP8 matrix cores (gfx94x, gfx95x: MI300 and later); this GPU is " +
                  ctx.amd->gcn_arch;
            return false;
        }
        if (ctx.amd->env.hipblaslt_status) return true;
        why = ctx.amd->env.hipblaslt_status.message();
        return false;
    }
    TestResult run(ProbeContext& ctx) override {
        AmdDevice& g = *ctx.amd;
        TestResult r = gemm_result_shell("FP8", ctx.options);
        const int fp8_type = amd_fp8_type(g.gcn_arch);
        r.details.emplace_back("library", std::string("hipBLASLt hipblasLtMatmul"));
        r.details.emplace_back("fp8_format",
                               std::string(fp8_type == HIP_R_8F_E4M3_FNUZ ? "E4M3 FNUZ" : "E4M3 (OCP)"));
        GemmOutcome out;
        Status s = run_fp8_gemm(g, fp8_type, ctx.options, out);
        if (!s && s.error_code() == "HIPBLAS_STATUS_NOT_SUPPORTED") {
            r.status = TestStatus::waived;
            r.reason = s.message();
            return r;
        }
        if (!s) {
            set_error(r, s);
            return r;
        }
        report_gemm(r, ctx, g.name, "gemm_fp8", out, ctx.options.inject_fault == "gemm-corrupt");
        return r;
    }
};

}  // namespace

void add_amd_fp8_probe(Registry& r) { r.push_back(std::make_unique<AmdFp8GemmProbe>()); }

}  // namespace gpuprobe
