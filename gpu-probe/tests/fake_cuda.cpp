// A stand-in for libcuda.so.1 (named: no GPU exists on the build machines), loaded by gpu-probe through
// LD_LIBRARY_PATH in fake_driver.sh. Host memory plays device memory. Environment variables choose the fault:
//   FAKE_CUINIT=<code>     cuInit returns it (999 after an XID 79, 803 on a driver/library mismatch, 100 no device)
//   FAKE_FREE_MIB=<n>      cuMemGetInfo reports n MiB free (a GPU busy with other work)
//   FAKE_HANG=1            cuEventSynchronize and cuStreamSynchronize never return (a hung GPU)
//   FAKE_NAME=<name>       the device's name (a catalogue SKU brings its expected PCIe link)
#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace {
using CUresult = int;
int env_int(const char* name, int fallback) {
    const char* v = std::getenv(name);
    return v != nullptr ? std::atoi(v) : fallback;
}
CUresult maybe_hang() {
    if (env_int("FAKE_HANG", 0) != 0)
        for (;;) pause();
    return 0;
}
}  // namespace

extern "C" {
CUresult cuInit(unsigned) { return env_int("FAKE_CUINIT", 0); }
CUresult cuDriverGetVersion(int* v) { *v = 12080; return 0; }
CUresult cuDeviceGetCount(int* n) { *n = 1; return 0; }
CUresult cuDeviceGet(int* d, int i) { *d = i; return 0; }
CUresult cuDeviceGetName(char* name, int len, int) {
    const char* fake = std::getenv("FAKE_NAME");
    std::strncpy(name, fake != nullptr ? fake : "Fake GPU", len);
    return 0;
}
CUresult cuDeviceGetUuid_v2(unsigned char* id, int) { for (int i = 0; i < 16; ++i) id[i] = static_cast<unsigned char>(0x11 * (i % 16)); return 0; }
CUresult cuDeviceGetAttribute(int* v, int attr, int) { *v = attr == 75 ? 9 : attr == 76 ? 0 : 132; return 0; }
CUresult cuDeviceGetPCIBusId(char* pci, int len, int) { std::strncpy(pci, "00000000:FF:00.0", len); return 0; }
CUresult cuDeviceTotalMem_v2(std::size_t* b, int) { *b = 80ull << 30; return 0; }
CUresult cuDevicePrimaryCtxRetain(void** ctx, int) { *ctx = reinterpret_cast<void*>(0x1); return 0; }
CUresult cuDevicePrimaryCtxRelease_v2(int) { return 0; }
CUresult cuCtxSetCurrent(void*) { return 0; }
CUresult cuCtxSynchronize() { return maybe_hang(); }
CUresult cuMemAlloc_v2(unsigned long long* p, std::size_t b) { *p = reinterpret_cast<unsigned long long>(std::malloc(b)); return *p ? 0 : 2; }
CUresult cuMemFree_v2(unsigned long long p) { std::free(reinterpret_cast<void*>(p)); return 0; }
CUresult cuMemGetInfo_v2(std::size_t* free_b, std::size_t* total) { *free_b = static_cast<std::size_t>(env_int("FAKE_FREE_MIB", 80 << 10)) << 20; *total = 80ull << 30; return 0; }
CUresult cuMemAllocHost_v2(void** p, std::size_t b) { *p = std::malloc(b); return *p ? 0 : 2; }
CUresult cuMemFreeHost(void* p) { std::free(p); return 0; }
CUresult cuMemcpyHtoD_v2(unsigned long long d, const void* h, std::size_t b) { std::memcpy(reinterpret_cast<void*>(d), h, b); return 0; }
CUresult cuMemcpyDtoH_v2(void* h, unsigned long long d, std::size_t b) { std::memcpy(h, reinterpret_cast<void*>(d), b); return 0; }
CUresult cuMemcpyHtoDAsync_v2(unsigned long long d, const void* h, std::size_t b, void*) { return cuMemcpyHtoD_v2(d, h, b); }
CUresult cuMemcpyDtoHAsync_v2(void* h, unsigned long long d, std::size_t b, void*) { return cuMemcpyDtoH_v2(h, d, b); }
CUresult cuMemcpyDtoDAsync_v2(unsigned long long d, unsigned long long s, std::size_t b, void*) { std::memcpy(reinterpret_cast<void*>(d), reinterpret_cast<void*>(s), b); return 0; }
CUresult cuMemsetD8_v2(unsigned long long d, unsigned char v, std::size_t b) { std::memset(reinterpret_cast<void*>(d), v, b); return 0; }
CUresult cuStreamCreate(void** s, unsigned) { *s = reinterpret_cast<void*>(0x2); return 0; }
CUresult cuStreamDestroy_v2(void*) { return 0; }
CUresult cuStreamSynchronize(void*) { return maybe_hang(); }
CUresult cuEventCreate(void** e, unsigned) { *e = std::malloc(1); return 0; }
CUresult cuEventDestroy_v2(void* e) { std::free(e); return 0; }
CUresult cuEventRecord(void*, void*) { return 0; }
CUresult cuEventSynchronize(void*) { return maybe_hang(); }
CUresult cuEventElapsedTime(float* ms, void*, void*) { *ms = 1.0f; return 0; }
CUresult cuModuleLoadData(void**, const void*) { return 200; }  // no kernels run here: the copy path is used
CUresult cuModuleUnload(void*) { return 0; }
CUresult cuModuleGetFunction(void**, void*, const char*) { return 500; }
CUresult cuLaunchKernel(void*, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, void*, void**, void**) { return 700; }
CUresult cuGetErrorName(CUresult r, const char** name) {
    *name = r == 999 ? "CUDA_ERROR_UNKNOWN" : r == 803 ? "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH" : "CUDA_ERROR_FAKE";
    return 0;
}
}
