// cuBLASLt, loaded with dlopen (libcublasLt.so.13/.12/.11): the types, constants and entry points the GEMM probe
// uses, declared here because no cuBLAS headers exist at build time.
#pragma once
#include <cstddef>
#include <cstdint>

#include "check.h"
#include "cuda_loader.h"
#include "dynlib.h"
#include "error_class.h"

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
// cudaDataType_t (library_types.h)
constexpr int CUDA_R_32F = 0, CUDA_R_64F = 1, CUDA_R_16F = 2, CUDA_R_16BF = 14, CUDA_R_8F_E4M3 = 28;
// cublasComputeType_t
constexpr int CUBLAS_COMPUTE_32F = 68, CUBLAS_COMPUTE_64F = 70, CUBLAS_COMPUTE_32F_FAST_TF32 = 77;
constexpr int CUBLAS_OP_N = 0, CUBLAS_OP_T = 1;
constexpr int CUBLASLT_MATMUL_DESC_TRANSA = 3, CUBLASLT_MATMUL_DESC_TRANSB = 4;
constexpr int CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1;

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

    Status load() {
        CHECK(lib.open({"libcublasLt.so.13", "libcublasLt.so.12", "libcublasLt.so.11", "libcublasLt.so"}),
              "cuBLASLt not available: " + lib.error());
        bool ok = lib.sym(create, "cublasLtCreate") && lib.sym(destroy, "cublasLtDestroy") &&
                  lib.sym(desc_create, "cublasLtMatmulDescCreate") &&
                  lib.sym(desc_destroy, "cublasLtMatmulDescDestroy") &&
                  lib.sym(desc_set, "cublasLtMatmulDescSetAttribute") &&
                  lib.sym(layout_create, "cublasLtMatrixLayoutCreate") &&
                  lib.sym(layout_destroy, "cublasLtMatrixLayoutDestroy") &&
                  lib.sym(pref_create, "cublasLtMatmulPreferenceCreate") &&
                  lib.sym(pref_destroy, "cublasLtMatmulPreferenceDestroy") &&
                  lib.sym(pref_set, "cublasLtMatmulPreferenceSetAttribute") &&
                  lib.sym(heuristic, "cublasLtMatmulAlgoGetHeuristic") && lib.sym(matmul, "cublasLtMatmul");
        CHECK(ok, lib.name() + " lacks a cuBLASLt entry point the probe needs");
        return Status::ok();
    }
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
