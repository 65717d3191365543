// A stand-in for the HIP runtime (libamdhip64.so; no AMD GPU exists on the build machines), loaded by gpu-probe
// through --rocm-libs in fake_amd.sh. One device; host memory plays device memory; no kernel loads, so the device
// bandwidth test takes its copy path. FAKE_HIP_DEVICES=0 makes hipInit report no device; FAKE_HIP_NAME and
// FAKE_HIP_ARCH (gcnArchName, default gfx942:sramecc+:xnack-, an MI300X) choose the device's name and architecture,
// and the compute capability follows the architecture as HIP derives it (gfx942: 9.4).
#include <cstdlib>
#include <cstring>

namespace {
using hipError_t = int;
int env_int(const char* name, int fallback) {
    const char* v = std::getenv(name);
    return v != nullptr ? std::atoi(v) : fallback;
}
const char* env_or(const char* name, const char* fallback) {
    const char* v = std::getenv(name);
    return v != nullptr ? v : fallback;
}
const char* arch() { return env_or("FAKE_HIP_ARCH", "gfx942:sramecc+:xnack-"); }
}  // namespace

extern "C" {
hipError_t hipInit(unsigned) { return env_int("FAKE_HIP_DEVICES", 1) > 0 ? 0 : 100; }
hipError_t hipDriverGetVersion(int* v) { *v = 60443483; return 0; }
hipError_t hipGetDeviceCount(int* n) { *n = env_int("FAKE_HIP_DEVICES", 1); return 0; }
hipError_t hipDeviceGet(int* d, int i) { *d = i; return 0; }
hipError_t hipDeviceGetName(char* name, int len, int) {
    std::strncpy(name, env_or("FAKE_HIP_NAME", "Fake AMD GPU"), len);
    return 0;
}
hipError_t hipDeviceGetPCIBusId(char* pci, int len, int) { std::strncpy(pci, "0000:c1:00.0", len); return 0; }
hipError_t hipDeviceTotalMem(std::size_t* b, int) { *b = 64ull << 30; return 0; }
hipError_t hipDeviceComputeCapability(int* major, int* minor, int) {  // "gfx9" "4" "2": 9.4
    *major = arch()[3] - '0';
    *minor = arch()[4] - '0';
    return 0;
}
// hipDeviceProp_tR0600 as ROCm 6 and 7 lay it out: the name first, gcnArchName at 1160, 1472 bytes in all.
hipError_t hipGetDevicePropertiesR0600(char* prop, int) {
    std::memset(prop, 0, 1472);
    std::strncpy(prop, env_or("FAKE_HIP_NAME", "Fake AMD GPU"), 255);
    std::strncpy(prop + 1160, arch(), 255);
    return 0;
}
hipError_t hipSetDevice(int) { return 0; }
hipError_t hipMalloc(void** p, std::size_t b) { *p = std::malloc(b); return *p ? 0 : 2; }
hipError_t hipFree(void* p) { std::free(p); return 0; }
hipError_t hipHostMalloc(void** p, std::size_t b, unsigned) { *p = std::malloc(b); return *p ? 0 : 2; }
hipError_t hipHostFree(void* p) { std::free(p); return 0; }
hipError_t hipMemcpy(void* d, const void* s, std::size_t b, int) { std::memcpy(d, s, b); return 0; }
hipError_t hipMemcpyAsync(void* d, const void* s, std::size_t b, int, void*) { std::memcpy(d, s, b); return 0; }
hipError_t hipMemset(void* d, int v, std::size_t b) { std::memset(d, v, b); return 0; }
hipError_t hipStreamCreate(void** s) { *s = reinterpret_cast<void*>(0x2); return 0; }
hipError_t hipStreamDestroy(void*) { return 0; }
hipError_t hipStreamSynchronize(void*) { return 0; }
hipError_t hipEventCreate(void** e) { *e = std::malloc(1); return 0; }
hipError_t hipEventDestroy(void* e) { std::free(e); return 0; }
hipError_t hipEventRecord(void*, void*) { return 0; }
hipError_t hipEventSynchronize(void*) { return 0; }
hipError_t hipEventElapsedTime(float* ms, void*, void*) { *ms = 1.0f; return 0; }
hipError_t hipModuleLoadData(void**, const void*) { return 209; }  // hipErrorNoBinaryForGpu: no kernels run here
hipError_t hipModuleUnload(void*) { return 0; }
hipError_t hipModuleGetFunction(void**, void*, const char*) { return 500; }
hipError_t hipModuleLaunchKernel(void*, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, void*,
                                 void**, void**) { return 700; }
const char* hipGetErrorName(hipError_t e) { return e == 100 ? "hipErrorNoDevice" : "hipErrorFake"; }
}
