// What a CUDA driver, cuBLAS(Lt) or NVML error code says about the cause of a failed test: its class and name.
// Classified where the call fails (CHECK_CU, CHECK_BLAS, the NVML probes), never from message text.
#pragma once
#include <string>

#include "check.h"

namespace gpuprobe {

struct ErrorInfo {
    ErrorClass error_class;
    std::string code;  // e.g. "CUDA_ERROR_OUT_OF_MEMORY"; empty for a value no table knows
};

ErrorInfo classify_cuda(int cu_result);
ErrorInfo classify_cublas(int cublas_status);
ErrorInfo classify_nvml(int nvml_return);

}  // namespace gpuprobe
