// A stand-in for hipBLASLt (libhipblaslt.so), for fake_amd.sh with fake_hip.cpp, whose "device" memory is host memory:
// hipblasLtMatmul computes D = op(A)·B on the CPU in double from the layouts' types (FP8 E4M3 FNUZ or OCP, through
// gemm_data.h), so the probe's FP8 path (types, layouts, heuristic, timing, the column-sum check and --inject-fault)
// runs end to end. Its heuristic offers two algorithms of which the first is refused (HIPBLAS_STATUS_NOT_SUPPORTED).
#include <cstring>
#include <vector>

#include "gemm_data.h"
#include "hipblaslt_api.h"

namespace gpuprobe {  // the opaque types hipblaslt_api.h declares, completed here
struct hipblasLtMatmulDescOpaque {
    int compute = 0, scale = 0, trans_a = HIPBLAS_OP_N, trans_b = HIPBLAS_OP_N;
};
struct hipblasLtMatrixLayoutOpaque {
    int type = 0;
    std::uint64_t rows = 0, cols = 0;
    std::int64_t ld = 0;
};
struct hipblasLtMatmulPreferenceOpaque {};
}  // namespace gpuprobe

using namespace gpuprobe;

namespace {
struct Context {};
}  // namespace

extern "C" {
int hipblasLtCreate(hipblasLtHandle_t* h) { *h = new Context; return 0; }
int hipblasLtDestroy(hipblasLtHandle_t h) { delete static_cast<Context*>(h); return 0; }
int hipblasLtMatmulDescCreate(hipblasLtMatmulDesc_t* d, int compute, int scale) {
    *d = new hipblasLtMatmulDescOpaque{compute, scale, HIPBLAS_OP_N, HIPBLAS_OP_N};
    return 0;
}
int hipblasLtMatmulDescDestroy(hipblasLtMatmulDesc_t d) { delete d; return 0; }
int hipblasLtMatmulDescSetAttribute(hipblasLtMatmulDesc_t d, int attr, const void* v, std::size_t size) {
    if (size != sizeof(std::int32_t)) return 3;  // HIPBLAS_STATUS_INVALID_VALUE: both are int32_t
    if (attr == HIPBLASLT_MATMUL_DESC_TRANSA) std::memcpy(&d->trans_a, v, sizeof(int));
    if (attr == HIPBLASLT_MATMUL_DESC_TRANSB) std::memcpy(&d->trans_b, v, sizeof(int));
    return 0;
}
int hipblasLtMatrixLayoutCreate(hipblasLtMatrixLayout_t* l, int type, std::uint64_t rows, std::uint64_t cols,
                                std::int64_t ld) {
    *l = new hipblasLtMatrixLayoutOpaque{type, rows, cols, ld};
    return 0;
}
int hipblasLtMatrixLayoutDestroy(hipblasLtMatrixLayout_t l) { delete l; return 0; }
int hipblasLtMatmulPreferenceCreate(hipblasLtMatmulPreference_t* p) { *p = new hipblasLtMatmulPreferenceOpaque; return 0; }
int hipblasLtMatmulPreferenceDestroy(hipblasLtMatmulPreference_t p) { delete p; return 0; }
int hipblasLtMatmulPreferenceSetAttribute(hipblasLtMatmulPreference_t, int, const void*, std::size_t) { return 0; }
int hipblasLtMatmulAlgoGetHeuristic(hipblasLtHandle_t, hipblasLtMatmulDesc_t d, hipblasLtMatrixLayout_t,
                                    hipblasLtMatrixLayout_t, hipblasLtMatrixLayout_t, hipblasLtMatrixLayout_t,
                                    hipblasLtMatmulPreference_t, int requested, hipblasLtMatmulHeuristicResult_t* out,
                                    int* found) {
    *found = 0;
    if (d->compute != HIPBLAS_COMPUTE_32F) return HIPBLAS_STATUS_NOT_SUPPORTED;
    for (int i = 0; i < requested && i < 2; ++i) {
        out[i] = hipblasLtMatmulHeuristicResult_t{};
        out[i].algo.data[0] = static_cast<std::uint8_t>(i);  // algorithm 0 is refused by hipblasLtMatmul
        ++*found;
    }
    return 0;
}
int hipblasLtMatmul(hipblasLtHandle_t, hipblasLtMatmulDesc_t desc, const void*, const void* A,
                    hipblasLtMatrixLayout_t la, const void* B, hipblasLtMatrixLayout_t lb, const void*, const void*,
                    hipblasLtMatrixLayout_t, void* D, hipblasLtMatrixLayout_t ld, const hipblasLtMatmulAlgo_t* algo,
                    void*, std::size_t, hipStream_t) {
    if (algo == nullptr || algo->data[0] == 0) return HIPBLAS_STATUS_NOT_SUPPORTED;
    const auto* a = static_cast<const unsigned char*>(A);
    const auto* b = static_cast<const unsigned char*>(B);
    auto* d = static_cast<unsigned char*>(D);
    const int ab = element_bytes(la->type), cd = element_bytes(ld->type);
    if (ab == 0 || cd == 0) return 3;
    const bool ta = desc->trans_a == HIPBLAS_OP_T;
    const std::int64_t m = static_cast<std::int64_t>(ld->rows), n = static_cast<std::int64_t>(ld->cols);
    const std::int64_t k = static_cast<std::int64_t>(ta ? la->rows : la->cols);
    for (std::int64_t j = 0; j < n; ++j)
        for (std::int64_t i = 0; i < m; ++i) {
            double sum = 0;
            for (std::int64_t p = 0; p < k; ++p) {
                const std::int64_t ai = ta ? p + i * la->ld : i + p * la->ld;
                sum += decode_element(la->type, a + ai * ab) * decode_element(lb->type, b + (p + j * lb->ld) * ab);
            }
            const float f = static_cast<float>(sum);
            std::memcpy(d + (i + j * ld->ld) * cd, &f, 4);
        }
    return 0;
}
}
