// A stand-in for libcublasLt (named: no GPU exists on the build machines), for fake_driver.sh with fake_cuda.cpp,
// whose "device" memory is host memory: cublasLtMatmul computes D = op(A)·B on the CPU in double, so the probe's
// GEMM path — layouts, algorithm retries, batches, the column-sum check and --inject-fault — runs end to end.
// Its heuristic offers two algorithms of which the first is refused (CUBLAS_STATUS_NOT_SUPPORTED), and none for FP8.
// FAKE_CUBLASLT_VERSION sets what cublasLtGetVersion answers (default 120804).
#include <cstdlib>
#include <cstring>
#include <vector>

#include "cublas_loader.h"
#include "gemm_data.h"

namespace gpuprobe {  // the opaque types cublas_loader.h declares, completed here
struct cublasLtContext {};
struct cublasLtMatmulDescOpaque_t {
    int compute = 0, scale = 0, trans_a = 0, trans_b = 0;
};
struct cublasLtMatrixLayoutOpaque_t {
    int type = 0;
    std::uint64_t rows = 0, cols = 0;
    std::int64_t ld = 0;
};
struct cublasLtMatmulPreferenceOpaque_t {};
}  // namespace gpuprobe

using namespace gpuprobe;

extern "C" {
std::size_t cublasLtGetVersion() {
    const char* v = std::getenv("FAKE_CUBLASLT_VERSION");
    return v != nullptr ? std::strtoull(v, nullptr, 10) : 120804;
}
int cublasLtCreate(cublasLtHandle_t* h) { *h = new cublasLtContext; return 0; }
int cublasLtDestroy(cublasLtHandle_t h) { delete h; return 0; }
int cublasLtMatmulDescCreate(cublasLtMatmulDesc_t* d, int compute, int scale) {
    *d = new cublasLtMatmulDescOpaque_t{compute, scale, 0, 0};
    return 0;
}
int cublasLtMatmulDescDestroy(cublasLtMatmulDesc_t d) { delete d; return 0; }
int cublasLtMatmulDescSetAttribute(cublasLtMatmulDesc_t d, int attr, const void* v, std::size_t) {
    if (attr == CUBLASLT_MATMUL_DESC_TRANSA) std::memcpy(&d->trans_a, v, sizeof(int));
    if (attr == CUBLASLT_MATMUL_DESC_TRANSB) std::memcpy(&d->trans_b, v, sizeof(int));
    return 0;
}
int cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t* l, int type, std::uint64_t rows, std::uint64_t cols,
                               std::int64_t ld) {
    *l = new cublasLtMatrixLayoutOpaque_t{type, rows, cols, ld};
    return 0;
}
int cublasLtMatrixLayoutDestroy(cublasLtMatrixLayout_t l) { delete l; return 0; }
int cublasLtMatmulPreferenceCreate(cublasLtMatmulPreference_t* p) { *p = new cublasLtMatmulPreferenceOpaque_t; return 0; }
int cublasLtMatmulPreferenceDestroy(cublasLtMatmulPreference_t p) { delete p; return 0; }
int cublasLtMatmulPreferenceSetAttribute(cublasLtMatmulPreference_t, int, const void*, std::size_t) { return 0; }
int cublasLtMatmulAlgoGetHeuristic(cublasLtHandle_t, cublasLtMatmulDesc_t, cublasLtMatrixLayout_t a,
                                   cublasLtMatrixLayout_t, cublasLtMatrixLayout_t, cublasLtMatrixLayout_t,
                                   cublasLtMatmulPreference_t, int requested, cublasLtMatmulHeuristicResult_t* out,
                                   int* found) {
    *found = 0;
    if (a->type == CUDA_R_8F_E4M3) return 0;  // as a GPU without FP8 support: no algorithm
    for (int i = 0; i < requested && i < 2; ++i) {
        out[i] = cublasLtMatmulHeuristicResult_t{};
        out[i].algo.data[0] = static_cast<std::uint64_t>(i);  // algorithm 0 is refused by cublasLtMatmul
        ++*found;
    }
    return 0;
}
int cublasLtMatmul(cublasLtHandle_t, cublasLtMatmulDesc_t desc, const void*, const void* A,
                   cublasLtMatrixLayout_t la, const void* B, cublasLtMatrixLayout_t lb, const void*, const void*,
                   cublasLtMatrixLayout_t, void* D, cublasLtMatrixLayout_t ld, const cublasLtMatmulAlgo_t* algo, void*,
                   std::size_t, CUstream) {
    if (algo == nullptr || algo->data[0] == 0) return CUBLAS_STATUS_NOT_SUPPORTED;
    const auto* a = static_cast<const unsigned char*>(A);
    const auto* b = static_cast<const unsigned char*>(B);
    auto* d = static_cast<unsigned char*>(D);
    const int ab = element_bytes(la->type), cd = element_bytes(ld->type);
    const std::int64_t m = static_cast<std::int64_t>(ld->rows), n = static_cast<std::int64_t>(ld->cols);
    const std::int64_t k = static_cast<std::int64_t>(desc->trans_a == CUBLAS_OP_T ? la->rows : la->cols);
    for (std::int64_t j = 0; j < n; ++j)
        for (std::int64_t i = 0; i < m; ++i) {
            double sum = 0;
            for (std::int64_t p = 0; p < k; ++p) {
                const std::int64_t ai = desc->trans_a == CUBLAS_OP_T ? p + i * la->ld : i + p * la->ld;
                sum += decode_element(la->type, a + ai * ab) * decode_element(lb->type, b + (p + j * lb->ld) * ab);
            }
            unsigned char* out = d + (i + j * ld->ld) * cd;
            if (ld->type == CUDA_R_64F) {
                std::memcpy(out, &sum, 8);
            } else {
                const float f = static_cast<float>(sum);
                std::memcpy(out, &f, 4);
            }
        }
    return 0;
}
}
