// The CUDA driver API, loaded from libcuda.so.1 with dlopen: the few types and entry points the probe uses,
// declared here so that neither cuda.h nor libcudart is needed (the binary runs, and says "no GPU", without a driver).
#pragma once
#include <cstddef>
#include <string>

#include "check.h"
#include "dynlib.h"

namespace gpuprobe {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
typedef struct CUctx_st* CUcontext;
typedef struct CUmod_st* CUmodule;
typedef struct CUfunc_st* CUfunction;
typedef struct CUstream_st* CUstream;
typedef struct CUevent_st* CUevent;
struct CUuuid {
    unsigned char bytes[16];
};
constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUresult CUDA_ERROR_NO_DEVICE = 100;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;
constexpr int CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;

struct CudaApi {
    DynLib lib;
    CUresult (*cuInit)(unsigned) = nullptr;
    CUresult (*cuDriverGetVersion)(int*) = nullptr;
    CUresult (*cuDeviceGetCount)(int*) = nullptr;
    CUresult (*cuDeviceGet)(CUdevice*, int) = nullptr;
    CUresult (*cuDeviceGetName)(char*, int, CUdevice) = nullptr;
    CUresult (*cuDeviceGetUuid)(CUuuid*, CUdevice) = nullptr;
    CUresult (*cuDeviceGetAttribute)(int*, int, CUdevice) = nullptr;
    CUresult (*cuDeviceGetPCIBusId)(char*, int, CUdevice) = nullptr;
    CUresult (*cuDeviceTotalMem)(std::size_t*, CUdevice) = nullptr;
    CUresult (*cuDevicePrimaryCtxRetain)(CUcontext*, CUdevice) = nullptr;
    CUresult (*cuDevicePrimaryCtxRelease)(CUdevice) = nullptr;
    CUresult (*cuCtxSetCurrent)(CUcontext) = nullptr;
    CUresult (*cuCtxSynchronize)() = nullptr;
    CUresult (*cuMemAlloc)(CUdeviceptr*, std::size_t) = nullptr;
    CUresult (*cuMemFree)(CUdeviceptr) = nullptr;
    CUresult (*cuMemGetInfo)(std::size_t*, std::size_t*) = nullptr;
    CUresult (*cuMemAllocHost)(void**, std::size_t) = nullptr;
    CUresult (*cuMemFreeHost)(void*) = nullptr;
    CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void*, std::size_t) = nullptr;
    CUresult (*cuMemcpyDtoH)(void*, CUdeviceptr, std::size_t) = nullptr;
    CUresult (*cuMemcpyHtoDAsync)(CUdeviceptr, const void*, std::size_t, CUstream) = nullptr;
    CUresult (*cuMemcpyDtoHAsync)(void*, CUdeviceptr, std::size_t, CUstream) = nullptr;
    CUresult (*cuMemcpyDtoDAsync)(CUdeviceptr, CUdeviceptr, std::size_t, CUstream) = nullptr;
    CUresult (*cuMemsetD8)(CUdeviceptr, unsigned char, std::size_t) = nullptr;
    CUresult (*cuStreamCreate)(CUstream*, unsigned) = nullptr;
    CUresult (*cuStreamDestroy)(CUstream) = nullptr;
    CUresult (*cuStreamSynchronize)(CUstream) = nullptr;
    CUresult (*cuEventCreate)(CUevent*, unsigned) = nullptr;
    CUresult (*cuEventDestroy)(CUevent) = nullptr;
    CUresult (*cuEventRecord)(CUevent, CUstream) = nullptr;
    CUresult (*cuEventSynchronize)(CUevent) = nullptr;
    CUresult (*cuEventElapsedTime)(float*, CUevent, CUevent) = nullptr;
    CUresult (*cuModuleLoadData)(CUmodule*, const void*) = nullptr;
    CUresult (*cuModuleUnload)(CUmodule) = nullptr;
    CUresult (*cuModuleGetFunction)(CUfunction*, CUmodule, const char*) = nullptr;
    CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                               CUstream, void**, void**) = nullptr;
    CUresult (*cuGetErrorName)(CUresult, const char**) = nullptr;

    // Loads libcuda.so.1 and resolves every entry point; fails cleanly when there is no driver.
    Status load();
    std::string error_text(CUresult r) const;
};

// The error Status of a failed driver call: message with the CUDA error name, class and code from error_class.h.
Status cuda_status(const CudaApi& api, CUresult r, const char* expr, const char* file, int line);

}  // namespace gpuprobe

// Returns an error Status carrying the CUDA error name, the expression, file and line when a driver call fails,
// classified by its CUresult (error_class.h).
#define CHECK_CU(api, expr)                                                                                  \
    do {                                                                                                     \
        ::gpuprobe::CUresult _r = (expr);                                                                    \
        if (_r != ::gpuprobe::CUDA_SUCCESS) return ::gpuprobe::cuda_status(api, _r, #expr, __FILE__, __LINE__); \
    } while (0)
