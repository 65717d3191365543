// What a CUDA driver, cuBLAS(Lt), NVML, HIP, rocBLAS or hipBLASLt error code says about the cause of a failed test:
// its class and name. Classified where the call fails (CHECK_CU, CHECK_BLAS, the NVML probes), never from message text.
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
ErrorInfo classify_hip(int hip_error);
ErrorInfo classify_rocblas(int rocblas_status);
ErrorInfo classify_hipblas(int hipblas_status);  // hipBLASLt's hipblasStatus_t

// What a failed cuInit means for the run: no GPU (no device, or only the stub library: exit 3), or a driver that is
// there but broken, which is a GPU outcome: 999 after an XID 79 is the GPU's fault (hardware), 803 a driver/library
// version mismatch (environment).
struct DriverInitOutcome {
    bool no_gpu;
    ErrorInfo info;
};
DriverInitOutcome classify_driver_init(int cu_result);

// How an NVML snapshot test reports a failed NVML call: NOT_SUPPORTED and the calls a node may lack (no permission,
// not found, no data, function not found, version mismatch, driver not loaded) waive it; GPU lost and reset required
// are the GPU's fault (error, hardware); the rest are errors of their class (timeout, resource, unknown).
enum class NvmlVerdict { waive, error };
struct NvmlOutcome {
    NvmlVerdict verdict;
    ErrorInfo info;
};
NvmlOutcome nvml_outcome(int nvml_return);

}  // namespace gpuprobe
