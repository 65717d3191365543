// cuBLASLt, loaded with dlopen (found by lib_search.h): the types, constants and entry points the GEMM probe
// uses, declared here because no cuBLAS headers exist at build time.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "check.h"
#include "cuda_loader.h"
#include "dynlib.h"
#include "error_class.h"
#include "gemm_data.h"  // cudaDataType_t values

namespace gpuprobe {

using cublasStatus_t = int;
typedef struct cublasLtContext* cublasLtHandle_t;
typedef struct cublasLtMatmulDescOpaque_t* cublasLtMatmulDesc_t;
typedef struct cublasLtMatrixLayoutOpaque_t* cublasLtMatrixLayout_t;
typedef struct cublasLtMatmulPreferenceOpaque_t* cublasLtMatmulPreference_t;
struct cublasLtMatmulAlgo_t {
    std::uint64_t data[8];
};
struct cublasLtMatmulHeuristicResult_t {
    cublasLtMatmulAlgo_t algo;
    std::size_t workspaceSize;
    cublasStatus_t state;
    float wavesCount;
    int reserved[4];
};
// cublasComputeType_t
constexpr int CUBLAS_COMPUTE_32F = 68, CUBLAS_COMPUTE_64F = 70, CUBLAS_COMPUTE_32F_FAST_TF32 = 77;
constexpr int CUBLAS_OP_N = 0, CUBLAS_OP_T = 1;
constexpr int CUBLASLT_MATMUL_DESC_TRANSA = 3, CUBLASLT_MATMUL_DESC_TRANSB = 4;
constexpr int CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1;
constexpr cublasStatus_t CUBLAS_STATUS_NOT_SUPPORTED = 15;

struct CublasLtApi {
    DynLib lib;
    cublasStatus_t (*create)(cublasLtHandle_t*) = nullptr;
    cublasStatus_t (*destroy)(cublasLtHandle_t) = nullptr;
    cublasStatus_t (*desc_create)(cublasLtMatmulDesc_t*, int compute, int scale_type) = nullptr;
    cublasStatus_t (*desc_destroy)(cublasLtMatmulDesc_t) = nullptr;
    cublasStatus_t (*desc_set)(cublasLtMatmulDesc_t, int attr, const void*, std::size_t) = nullptr;
    cublasStatus_t (*layout_create)(cublasLtMatrixLayout_t*, int type, std::uint64_t rows, std::uint64_t cols,
                                    std::int64_t ld) = nullptr;
    cublasStatus_t (*layout_destroy)(cublasLtMatrixLayout_t) = nullptr;
    cublasStatus_t (*pref_create)(cublasLtMatmulPreference_t*) = nullptr;
    cublasStatus_t (*pref_destroy)(cublasLtMatmulPreference_t) = nullptr;
    cublasStatus_t (*pref_set)(cublasLtMatmulPreference_t, int attr, const void*, std::size_t) = nullptr;
    cublasStatus_t (*heuristic)(cublasLtHandle_t, cublasLtMatmulDesc_t, cublasLtMatrixLayout_t, cublasLtMatrixLayout_t,
                                cublasLtMatrixLayout_t, cublasLtMatrixLayout_t, cublasLtMatmulPreference_t, int,
                                cublasLtMatmulHeuristicResult_t*, int*) = nullptr;
    cublasStatus_t (*matmul)(cublasLtHandle_t, cublasLtMatmulDesc_t, const void* alpha, const void* A,
                             cublasLtMatrixLayout_t, const void* B, cublasLtMatrixLayout_t, const void* beta,
                             const void* C, cublasLtMatrixLayout_t, void* D, cublasLtMatrixLayout_t,
                             const cublasLtMatmulAlgo_t*, void* workspace, std::size_t, CUstream) = nullptr;

    std::size_t (*get_version)() = nullptr;  // cublasLtGetVersion: e.g. 120804 for 12.8.4

    // Tries the candidates of lib_search.h in order and keeps the first that resolves every entry point and whose
    // version's major is not above `driver_cuda_major` (0 = unknown). The error names every candidate's failure.
    Status load(const std::string& explicit_path, int driver_cuda_major);
};

}  // namespace gpuprobe

// Returns an error Status carrying the cuBLAS status, classified by it (error_class.h), when a cuBLASLt call fails.
#define CHECK_BLAS(expr)                                                                                     \
    do {                                                                                                     \
        ::gpuprobe::cublasStatus_t _b = (expr);                                                              \
        if (_b != 0) {                                                                                       \
            ::gpuprobe::ErrorInfo _i = ::gpuprobe::classify_cublas(_b);                                      \
            return ::gpuprobe::Status::error("cuBLASLt status " + std::to_string(_b) +                       \
                                                 (_i.code.empty() ? "" : " (" + _i.code + ")"),              \
                                             #expr, __FILE__, __LINE__)                                      \
                .classified(_i.error_class, _i.code);                                                        \
        }                                                                                                    \
    } while (0)
