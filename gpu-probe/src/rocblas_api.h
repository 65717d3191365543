// rocBLAS (librocblas.so), loaded with dlopen like cuBLASLt: handle, stream and rocblas_gemm_ex, declared here.
#pragma once
#include <cstdint>
#include <string>

#include "check.h"
#include "dynlib.h"
#include "hip_api.h"

namespace gpuprobe {

typedef struct _rocblas_handle* rocblas_handle;
using rocblas_status = int;
constexpr rocblas_status rocblas_status_success = 0;
constexpr int rocblas_operation_none = 111, rocblas_operation_transpose = 112;
// rocblas_datatype values.
constexpr int rocblas_datatype_f16_r = 150, rocblas_datatype_f32_r = 151, rocblas_datatype_f64_r = 152,
              rocblas_datatype_bf16_r = 168;

struct RocblasApi {
    DynLib lib;
    rocblas_status (*create_handle)(rocblas_handle*) = nullptr;
    rocblas_status (*destroy_handle)(rocblas_handle) = nullptr;
    rocblas_status (*set_stream)(rocblas_handle, hipStream_t) = nullptr;
    rocblas_status (*gemm_ex)(rocblas_handle, int, int, int, int, int, const void*, const void*, int, int, const void*,
                              int, int, const void*, const void*, int, int, void*, int, int, int, int, std::int32_t,
                              std::uint32_t) = nullptr;
    const char* (*status_to_string)(rocblas_status) = nullptr;

    // Loads rocBLAS from `dir` (--rocm-libs; empty = search); an environment error naming the library when absent.
    Status load(const std::string& dir);
};

Status rocblas_error(const RocblasApi& api, rocblas_status s, const char* expr, const char* file, int line);

}  // namespace gpuprobe

#define CHECK_ROCBLAS(api, expr)                                                                                 \
    do {                                                                                                         \
        ::gpuprobe::rocblas_status _s = (expr);                                                                  \
        if (_s != ::gpuprobe::rocblas_status_success) return ::gpuprobe::rocblas_error(api, _s, #expr, __FILE__, __LINE__); \
    } while (0)
