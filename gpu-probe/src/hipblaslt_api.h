// hipBLASLt (libhipblaslt.so), loaded with dlopen like cuBLASLt: the few entry points and values the AMD FP8 GEMM uses,
// declared here from hipBLASLt's public headers (hipblaslt.h; hipblas-common.h for status, operation and compute type)
// so that no ROCm header is needed to build. The data types are hipDataType values (gemm_data.h).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "check.h"
#include "dynlib.h"
#include "hip_api.h"

namespace gpuprobe {

using hipblasStatus_t = int;
typedef void* hipblasLtHandle_t;
typedef struct hipblasLtMatmulDescOpaque* hipblasLtMatmulDesc_t;
typedef struct hipblasLtMatrixLayoutOpaque* hipblasLtMatrixLayout_t;
typedef struct hipblasLtMatmulPreferenceOpaque* hipblasLtMatmulPreference_t;
// As hipblaslt.h declares them on AMD (the fields, not a size the library reports): the heuristic fills an array of
// results, so their size must match.
struct hipblasLtMatmulAlgo_t {
    std::uint8_t data[16];
    std::size_t max_workspace_bytes;
};
struct hipblasLtMatmulHeuristicResult_t {
    hipblasLtMatmulAlgo_t algo;
    std::size_t workspaceSize;
    hipblasStatus_t state;
    float wavesCount;
    int reserved[4];
};
constexpr hipblasStatus_t HIPBLAS_STATUS_SUCCESS = 0, HIPBLAS_STATUS_NOT_SUPPORTED = 7;
constexpr int HIPBLAS_OP_N = 111, HIPBLAS_OP_T = 112;                  // hipblasOperation_t
constexpr int HIPBLAS_COMPUTE_32F = 2;                                 // hipblasComputeType_t
constexpr int HIPBLASLT_MATMUL_DESC_TRANSA = 0, HIPBLASLT_MATMUL_DESC_TRANSB = 1;
constexpr int HIPBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1;

struct HipblasltApi {
    DynLib lib;
    hipblasStatus_t (*create)(hipblasLtHandle_t*) = nullptr;
    hipblasStatus_t (*destroy)(hipblasLtHandle_t) = nullptr;
    hipblasStatus_t (*desc_create)(hipblasLtMatmulDesc_t*, int compute, int scale_type) = nullptr;
    hipblasStatus_t (*desc_destroy)(hipblasLtMatmulDesc_t) = nullptr;
    hipblasStatus_t (*desc_set)(hipblasLtMatmulDesc_t, int attr, const void*, std::size_t) = nullptr;
    hipblasStatus_t (*layout_create)(hipblasLtMatrixLayout_t*, int type, std::uint64_t rows, std::uint64_t cols,
                                     std::int64_t ld) = nullptr;
    hipblasStatus_t (*layout_destroy)(hipblasLtMatrixLayout_t) = nullptr;
    hipblasStatus_t (*pref_create)(hipblasLtMatmulPreference_t*) = nullptr;
    hipblasStatus_t (*pref_destroy)(hipblasLtMatmulPreference_t) = nullptr;
    hipblasStatus_t (*pref_set)(hipblasLtMatmulPreference_t, int attr, const void*, std::size_t) = nullptr;
    hipblasStatus_t (*heuristic)(hipblasLtHandle_t, hipblasLtMatmulDesc_t, hipblasLtMatrixLayout_t,
                                 hipblasLtMatrixLayout_t, hipblasLtMatrixLayout_t, hipblasLtMatrixLayout_t,
                                 hipblasLtMatmulPreference_t, int, hipblasLtMatmulHeuristicResult_t*, int*) = nullptr;
    hipblasStatus_t (*matmul)(hipblasLtHandle_t, hipblasLtMatmulDesc_t, const void* alpha, const void* A,
                              hipblasLtMatrixLayout_t, const void* B, hipblasLtMatrixLayout_t, const void* beta,
                              const void* C, hipblasLtMatrixLayout_t, void* D, hipblasLtMatrixLayout_t,
                              const hipblasLtMatmulAlgo_t*, void* workspace, std::size_t, hipStream_t) = nullptr;

    // Loads hipBLASLt from `dir` (--rocm-libs; empty = search); an environment error naming the library when absent.
    Status load(const std::string& dir);
};

// The error Status of a failed hipBLASLt call: HIPBLAS_STATUS_<name>, classified (error_class.h).
Status hipblaslt_error(hipblasStatus_t s, const char* expr, const char* file, int line);

}  // namespace gpuprobe

#define CHECK_HIPBLASLT(expr)                                                                                  \
    do {                                                                                                       \
        ::gpuprobe::hipblasStatus_t _s = (expr);                                                               \
        if (_s != ::gpuprobe::HIPBLAS_STATUS_SUCCESS) return ::gpuprobe::hipblaslt_error(_s, #expr, __FILE__, __LINE__); \
    } while (0)
