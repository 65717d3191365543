#include "error_class.h"

namespace gpuprobe {
namespace {

struct Known {
    int value;
    const char* code;
    ErrorClass error_class;
};

constexpr ErrorClass R = ErrorClass::resource, E = ErrorClass::environment, T = ErrorClass::timeout,
                     H = ErrorClass::hardware, U = ErrorClass::unknown;

// Hardware only where the error itself is the GPU reporting a fault. Illegal address, launch failure, illegal
// instruction and the like stay unknown: a bug in the probe or cuBLAS raises them the same way, and when a GPU fault is
// behind them the driver also raises an XID (48, 63, 64, 74, 79, 94, 95, ...), which nvml_xid reports in `xids`.
constexpr Known kCuda[] = {
    {1, "CUDA_ERROR_INVALID_VALUE", U},
    {2, "CUDA_ERROR_OUT_OF_MEMORY", R},
    {3, "CUDA_ERROR_NOT_INITIALIZED", E},
    {4, "CUDA_ERROR_DEINITIALIZED", E},
    {34, "CUDA_ERROR_STUB_LIBRARY", E},
    {46, "CUDA_ERROR_DEVICE_UNAVAILABLE", R},  // exclusive-process GPU held by another process
    {100, "CUDA_ERROR_NO_DEVICE", E},
    {101, "CUDA_ERROR_INVALID_DEVICE", E},
    {102, "CUDA_ERROR_DEVICE_NOT_LICENSED", E},
    {200, "CUDA_ERROR_INVALID_IMAGE", E},
    {209, "CUDA_ERROR_NO_BINARY_FOR_GPU", E},
    {214, "CUDA_ERROR_ECC_UNCORRECTABLE", H},
    {216, "CUDA_ERROR_CONTEXT_ALREADY_IN_USE", R},
    {218, "CUDA_ERROR_INVALID_PTX", E},
    {220, "CUDA_ERROR_NVLINK_UNCORRECTABLE", H},
    {221, "CUDA_ERROR_JIT_COMPILER_NOT_FOUND", E},
    {222, "CUDA_ERROR_UNSUPPORTED_PTX_VERSION", E},
    {304, "CUDA_ERROR_OPERATING_SYSTEM", E},
    {400, "CUDA_ERROR_INVALID_HANDLE", U},
    {700, "CUDA_ERROR_ILLEGAL_ADDRESS", U},
    {701, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES", U},
    {702, "CUDA_ERROR_LAUNCH_TIMEOUT", T},
    {714, "CUDA_ERROR_HARDWARE_STACK_ERROR", H},
    {715, "CUDA_ERROR_ILLEGAL_INSTRUCTION", U},
    {716, "CUDA_ERROR_MISALIGNED_ADDRESS", U},
    {719, "CUDA_ERROR_LAUNCH_FAILED", U},
    {800, "CUDA_ERROR_NOT_PERMITTED", E},
    {801, "CUDA_ERROR_NOT_SUPPORTED", E},
    {802, "CUDA_ERROR_SYSTEM_NOT_READY", E},  // e.g. Fabric Manager not running on an NVSwitch system
    {803, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH", E},
    {804, "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE", E},
    {909, "CUDA_ERROR_TIMEOUT", T},
    {999, "CUDA_ERROR_UNKNOWN", U},
};

constexpr Known kCublas[] = {
    {1, "CUBLAS_STATUS_NOT_INITIALIZED", E},
    {3, "CUBLAS_STATUS_ALLOC_FAILED", R},
    {7, "CUBLAS_STATUS_INVALID_VALUE", U},
    {8, "CUBLAS_STATUS_ARCH_MISMATCH", E},
    {11, "CUBLAS_STATUS_MAPPING_ERROR", U},
    {13, "CUBLAS_STATUS_EXECUTION_FAILED", U},
    {14, "CUBLAS_STATUS_INTERNAL_ERROR", U},
    {15, "CUBLAS_STATUS_NOT_SUPPORTED", E},
    {16, "CUBLAS_STATUS_LICENSE_ERROR", E},
};

constexpr Known kNvml[] = {
    {1, "NVML_ERROR_UNINITIALIZED", E},
    {2, "NVML_ERROR_INVALID_ARGUMENT", U},
    {3, "NVML_ERROR_NOT_SUPPORTED", E},
    {4, "NVML_ERROR_NO_PERMISSION", E},
    {6, "NVML_ERROR_NOT_FOUND", E},
    {7, "NVML_ERROR_INSUFFICIENT_SIZE", U},
    {8, "NVML_ERROR_INSUFFICIENT_POWER", H},  // external power cables not attached
    {9, "NVML_ERROR_DRIVER_NOT_LOADED", E},
    {10, "NVML_ERROR_TIMEOUT", T},
    {11, "NVML_ERROR_IRQ_ISSUE", H},
    {12, "NVML_ERROR_LIBRARY_NOT_FOUND", E},
    {13, "NVML_ERROR_FUNCTION_NOT_FOUND", E},
    {14, "NVML_ERROR_CORRUPTED_INFOROM", H},
    {15, "NVML_ERROR_GPU_IS_LOST", H},  // fallen off the bus (XID 79)
    {16, "NVML_ERROR_RESET_REQUIRED", H},
    {17, "NVML_ERROR_OPERATING_SYSTEM", E},
    {18, "NVML_ERROR_LIB_RM_VERSION_MISMATCH", E},
    {19, "NVML_ERROR_IN_USE", R},
    {20, "NVML_ERROR_MEMORY", R},
    {21, "NVML_ERROR_NO_DATA", U},
    {23, "NVML_ERROR_INSUFFICIENT_RESOURCES", R},
    {25, "NVML_ERROR_ARGUMENT_VERSION_MISMATCH", E},
    {999, "NVML_ERROR_UNKNOWN", U},
};

// HIP mirrors the CUDA runtime's numbering; the same reading of each code applies (hip_runtime_api.h).
constexpr Known kHip[] = {
    {1, "hipErrorInvalidValue", U},
    {2, "hipErrorOutOfMemory", R},
    {3, "hipErrorNotInitialized", E},
    {35, "hipErrorInsufficientDriver", E},
    {100, "hipErrorNoDevice", E},
    {101, "hipErrorInvalidDevice", E},
    {200, "hipErrorInvalidImage", E},
    {209, "hipErrorNoBinaryForGpu", E},
    {214, "hipErrorECCNotCorrectable", H},
    {218, "hipErrorInvalidKernelFile", E},
    {303, "hipErrorSharedObjectInitFailed", E},
    {700, "hipErrorIllegalAddress", U},
    {719, "hipErrorLaunchFailure", U},
    {801, "hipErrorNotSupported", E},
};

constexpr Known kRocblas[] = {
    {1, "rocblas_status_invalid_handle", U},
    {2, "rocblas_status_not_implemented", E},
    {3, "rocblas_status_invalid_pointer", U},
    {4, "rocblas_status_invalid_size", U},
    {5, "rocblas_status_memory_error", R},
    {6, "rocblas_status_internal_error", U},
    {11, "rocblas_status_invalid_value", U},
};

// hipblasStatus_t (hipblas-common.h), as hipBLASLt returns it.
constexpr Known kHipblas[] = {
    {1, "HIPBLAS_STATUS_NOT_INITIALIZED", E},
    {2, "HIPBLAS_STATUS_ALLOC_FAILED", R},
    {3, "HIPBLAS_STATUS_INVALID_VALUE", U},
    {5, "HIPBLAS_STATUS_EXECUTION_FAILED", U},
    {6, "HIPBLAS_STATUS_INTERNAL_ERROR", U},
    {7, "HIPBLAS_STATUS_NOT_SUPPORTED", E},
    {8, "HIPBLAS_STATUS_ARCH_MISMATCH", E},
};

template <std::size_t N>
ErrorInfo lookup(const Known (&table)[N], int value) {
    for (const auto& k : table)
        if (k.value == value) return {k.error_class, k.code};
    return {ErrorClass::unknown, ""};
}

}  // namespace

ErrorInfo classify_cuda(int cu_result) { return lookup(kCuda, cu_result); }
ErrorInfo classify_cublas(int cublas_status) { return lookup(kCublas, cublas_status); }
ErrorInfo classify_nvml(int nvml_return) { return lookup(kNvml, nvml_return); }
ErrorInfo classify_hip(int hip_error) { return lookup(kHip, hip_error); }
ErrorInfo classify_rocblas(int rocblas_status) { return lookup(kRocblas, rocblas_status); }
ErrorInfo classify_hipblas(int hipblas_status) { return lookup(kHipblas, hipblas_status); }

DriverInitOutcome classify_driver_init(int cu_result) {
    ErrorInfo info = classify_cuda(cu_result);
    if (cu_result == 100 || cu_result == 34) return {true, info};  // no device; libcuda is the toolkit's stub
    if (cu_result == 999) info.error_class = ErrorClass::hardware;  // what cuInit returns after XID 79 (GPU lost)
    return {false, info};
}

NvmlOutcome nvml_outcome(int nvml_return) {
    ErrorInfo info = classify_nvml(nvml_return);
    switch (nvml_return) {
        case 1: case 3: case 4: case 6: case 9: case 12: case 13: case 18: case 21: case 25:
            return {NvmlVerdict::waive, info};
    }
    return {NvmlVerdict::error, info};
}

}  // namespace gpuprobe
