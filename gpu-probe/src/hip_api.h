// The HIP runtime (libamdhip64.so), loaded with dlopen like the CUDA driver: the few entry points the AMD path uses,
// declared here so that no ROCm header or library is needed to build, and the binary runs without ROCm.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "check.h"
#include "dynlib.h"

namespace gpuprobe {

using hipError_t = int;
using hipDevice_t = int;
typedef struct ihipModule_t* hipModule_t;
typedef struct ihipModuleSymbol_t* hipFunction_t;
typedef struct ihipStream_t* hipStream_t;
typedef struct ihipEvent_t* hipEvent_t;
constexpr hipError_t hipSuccess = 0;
constexpr int hipMemcpyHostToDevice = 1, hipMemcpyDeviceToHost = 2, hipMemcpyDeviceToDevice = 3;

// The file names tried for one ROCm library: with --rocm-libs DIR only DIR's files (so that a test can point the
// search at a folder that lacks it), else the bare sonames (loader path) and then $ROCM_PATH/lib and /opt/rocm/lib.
std::vector<std::string> rocm_library_candidates(const std::vector<std::string>& sonames, const std::string& dir);

struct HipApi {
    DynLib lib;
    hipError_t (*hipInit)(unsigned) = nullptr;
    hipError_t (*hipDriverGetVersion)(int*) = nullptr;
    hipError_t (*hipGetDeviceCount)(int*) = nullptr;
    hipError_t (*hipDeviceGet)(hipDevice_t*, int) = nullptr;
    hipError_t (*hipDeviceGetName)(char*, int, hipDevice_t) = nullptr;
    hipError_t (*hipDeviceGetPCIBusId)(char*, int, int) = nullptr;
    hipError_t (*hipDeviceTotalMem)(std::size_t*, hipDevice_t) = nullptr;
    hipError_t (*hipDeviceComputeCapability)(int*, int*, hipDevice_t) = nullptr;
    hipError_t (*hipSetDevice)(int) = nullptr;
    hipError_t (*hipMalloc)(void**, std::size_t) = nullptr;
    hipError_t (*hipFree)(void*) = nullptr;
    hipError_t (*hipMemcpy)(void*, const void*, std::size_t, int) = nullptr;
    hipError_t (*hipMemcpyAsync)(void*, const void*, std::size_t, int, hipStream_t) = nullptr;
    hipError_t (*hipMemset)(void*, int, std::size_t) = nullptr;
    hipError_t (*hipHostMalloc)(void**, std::size_t, unsigned) = nullptr;
    hipError_t (*hipHostFree)(void*) = nullptr;
    hipError_t (*hipStreamCreate)(hipStream_t*) = nullptr;
    hipError_t (*hipStreamDestroy)(hipStream_t) = nullptr;
    hipError_t (*hipStreamSynchronize)(hipStream_t) = nullptr;
    hipError_t (*hipEventCreate)(hipEvent_t*) = nullptr;
    hipError_t (*hipEventDestroy)(hipEvent_t) = nullptr;
    hipError_t (*hipEventRecord)(hipEvent_t, hipStream_t) = nullptr;
    hipError_t (*hipEventSynchronize)(hipEvent_t) = nullptr;
    hipError_t (*hipEventElapsedTime)(float*, hipEvent_t, hipEvent_t) = nullptr;
    hipError_t (*hipModuleLoadData)(hipModule_t*, const void*) = nullptr;
    hipError_t (*hipModuleUnload)(hipModule_t) = nullptr;
    hipError_t (*hipModuleGetFunction)(hipFunction_t*, hipModule_t, const char*) = nullptr;
    hipError_t (*hipModuleLaunchKernel)(hipFunction_t, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                                        unsigned, hipStream_t, void**, void**) = nullptr;
    const char* (*hipGetErrorName)(hipError_t) = nullptr;
    // Optional: hipDeviceProp_t, whose layout changed in ROCm 6 (gcn_arch_name).
    hipError_t (*hipGetDevicePropertiesR0600)(void*, int) = nullptr;
    hipError_t (*hipGetDeviceProperties)(void*, int) = nullptr;

    // Loads the HIP runtime from `dir` (--rocm-libs; empty = search) and resolves every entry point; an error of
    // class environment naming the library when there is none.
    Status load(const std::string& dir);
    std::string error_name(hipError_t e) const;
};

// The GPU's architecture as HIP names it in hipDeviceProp_t.gcnArchName without its feature flags ("gfx942" of
// "gfx942:sramecc+:xnack-"); when not read, "gfx" and the compute capability's digits ("gfx94" for 9.4), which is
// how HIP derives major and minor from the architecture.
std::string gcn_arch_name(HipApi& hip, int ordinal, int cc_major, int cc_minor);

// The error Status of a failed HIP call: its name, class and code (error_class.h).
Status hip_status(const HipApi& api, hipError_t e, const char* expr, const char* file, int line);

}  // namespace gpuprobe

#define CHECK_HIP(api, expr)                                                                                  \
    do {                                                                                                      \
        ::gpuprobe::hipError_t _e = (expr);                                                                   \
        if (_e != ::gpuprobe::hipSuccess) return ::gpuprobe::hip_status(api, _e, #expr, __FILE__, __LINE__); \
    } while (0)
