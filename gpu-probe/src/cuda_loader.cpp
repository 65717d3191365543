#include "cuda_loader.h"

#include "error_class.h"

namespace gpuprobe {

Status CudaApi::load() {
    CHECK_AS(lib.open({"libcuda.so.1"}), "no CUDA driver: " + lib.error(), ErrorClass::environment);
    bool ok = lib.sym(cuInit, "cuInit") && lib.sym(cuDriverGetVersion, "cuDriverGetVersion") &&
              lib.sym(cuDeviceGetCount, "cuDeviceGetCount") && lib.sym(cuDeviceGet, "cuDeviceGet") &&
              lib.sym(cuDeviceGetName, "cuDeviceGetName") &&
              (lib.sym(cuDeviceGetUuid, "cuDeviceGetUuid_v2") || lib.sym(cuDeviceGetUuid, "cuDeviceGetUuid")) &&
              lib.sym(cuDeviceGetAttribute, "cuDeviceGetAttribute") &&
              lib.sym(cuDeviceGetPCIBusId, "cuDeviceGetPCIBusId") &&
              lib.sym(cuDeviceTotalMem, "cuDeviceTotalMem_v2") &&
              lib.sym(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain") &&
              lib.sym(cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2") &&
              lib.sym(cuCtxSetCurrent, "cuCtxSetCurrent") && lib.sym(cuCtxSynchronize, "cuCtxSynchronize") &&
              lib.sym(cuMemAlloc, "cuMemAlloc_v2") && lib.sym(cuMemFree, "cuMemFree_v2") &&
              lib.sym(cuMemGetInfo, "cuMemGetInfo_v2") &&
              lib.sym(cuMemAllocHost, "cuMemAllocHost_v2") && lib.sym(cuMemFreeHost, "cuMemFreeHost") &&
              lib.sym(cuMemcpyHtoD, "cuMemcpyHtoD_v2") && lib.sym(cuMemcpyDtoH, "cuMemcpyDtoH_v2") &&
              lib.sym(cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2") &&
              lib.sym(cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2") &&
              lib.sym(cuMemcpyDtoDAsync, "cuMemcpyDtoDAsync_v2") && lib.sym(cuMemsetD8, "cuMemsetD8_v2") &&
              lib.sym(cuStreamCreate, "cuStreamCreate") && lib.sym(cuStreamDestroy, "cuStreamDestroy_v2") &&
              lib.sym(cuStreamSynchronize, "cuStreamSynchronize") && lib.sym(cuEventCreate, "cuEventCreate") &&
              lib.sym(cuEventDestroy, "cuEventDestroy_v2") && lib.sym(cuEventRecord, "cuEventRecord") &&
              lib.sym(cuEventSynchronize, "cuEventSynchronize") &&
              (lib.sym(cuEventElapsedTime, "cuEventElapsedTime_v2") ||
               lib.sym(cuEventElapsedTime, "cuEventElapsedTime")) &&
              lib.sym(cuModuleLoadData, "cuModuleLoadData") && lib.sym(cuModuleUnload, "cuModuleUnload") &&
              lib.sym(cuModuleGetFunction, "cuModuleGetFunction") && lib.sym(cuLaunchKernel, "cuLaunchKernel") &&
              lib.sym(cuGetErrorName, "cuGetErrorName");
    CHECK(ok, "libcuda.so.1 lacks a driver entry point the probe needs (driver too old?)");
    return Status::ok();
}

std::string CudaApi::error_text(CUresult r) const {
    const char* name = nullptr;
    if (cuGetErrorName != nullptr && cuGetErrorName(r, &name) == CUDA_SUCCESS && name != nullptr) {
        return std::string(name) + " (" + std::to_string(r) + ")";
    }
    return "error " + std::to_string(r);
}

Status cuda_status(const CudaApi& api, CUresult r, const char* expr, const char* file, int line) {
    ErrorInfo info = classify_cuda(r);
    if (info.code.empty()) {
        const char* name = nullptr;
        if (api.cuGetErrorName != nullptr && api.cuGetErrorName(r, &name) == CUDA_SUCCESS && name != nullptr) info.code = name;
    }
    const std::string text = info.code.empty() ? api.error_text(r) : info.code + " (" + std::to_string(r) + ")";
    return Status::error("CUDA " + text, expr, file, line).classified(info.error_class, info.code);
}

}  // namespace gpuprobe
