// The GPU environment (driver, NVML, cuBLASLt loaded once) and one opened GPU (primary context, stream, kernel
// module, NVML handle), plus RAII wrappers for device memory, pinned host memory and events.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "cublas_loader.h"
#include "cuda_loader.h"
#include "gpu_busy.h"
#include "load_samples.h"
#include "nvml.h"

namespace gpuprobe {

struct GpuEnvironment {
    CudaApi cuda;
    NvmlApi nvml;
    Status nvml_status = Status::error("not loaded");
    CublasLtApi cublaslt;
    Status cublaslt_status = Status::error("not loaded");
    int device_count = 0;
    int driver_cuda_major = 0;   // from cuDriverGetVersion; cuBLASLt of a later CUDA is not loaded
    bool driver_broken = false;  // a driver is there but cuInit failed (not "no GPU"): the GPUs' outcome
    std::string driver_version;  // from NVML, else empty
    std::string cuda_version;    // driver's CUDA version, e.g. "13.0"
    // Fails when there is no usable driver or no device: `driver_broken` then tells a broken driver (error class and
    // code in the status; a failed run, exit 1) from a missing one (exit 3). NVML and cuBLASLt failures only
    // affect their own tests. `cublaslt_path` is --cublaslt (empty: search, lib_search.h).
    static Status open(GpuEnvironment& env, const std::string& cublaslt_path);
    // The UUID of every device, by CUDA ordinal (for --gpus GPU-.../MIG-...).
    Status device_uuids(std::vector<std::string>& out);
    // The UUIDs NVML lists when the CUDA driver cannot (a broken driver), so that each GPU still gets its outcome.
    std::vector<std::string> nvml_uuids();
    // Whether the CUDA device at PCI bus id `pci` is a MIG slice: with MIG mode on, CUDA sees only slices.
    bool is_mig(const char* pci);
};

class GpuDevice {
public:
    static Status open(GpuEnvironment& env, int ordinal, std::unique_ptr<GpuDevice>& out);
    ~GpuDevice();
    GpuDevice(const GpuDevice&) = delete;
    GpuDevice& operator=(const GpuDevice&) = delete;

    // An error Status (class resource, code GPU_BUSY) when other work holds this GPU or fewer than `bytes` (plus a
    // margin) are free: measuring then would report the other work, not the GPU.
    Status check_not_busy(std::size_t bytes);

    GpuEnvironment& env;
    CudaApi& cu;
    int ordinal;
    CUdevice device = 0;
    CUcontext ctx = nullptr;
    CUstream stream = nullptr;
    CUmodule module = nullptr;  // embedded kernels; null in a build without nvcc
    nvmlDevice_t nvml = nullptr;  // the (parent) GPU's NVML handle; null when NVML is unavailable
    nvmlEventSet_t xid_events = nullptr;
    bool mig = false;
    unsigned gpu_instance = 0xFFFFFFFFu;  // the MIG GPU instance id, for telling this slice's XIDs from others'
    std::vector<GpuProcess> other_processes;  // listed before this probe made its context
    LoadSamples load;  // NVML readings taken during the load tests
    std::string name, uuid, pci_bus_id, serial, module_error;
    int cc_major = 0, cc_minor = 0, sm_count = 0;
    std::size_t total_memory = 0;

private:
    GpuDevice(GpuEnvironment& e, int o) : env(e), cu(e.cuda), ordinal(o) {}
};

class DeviceBuffer {
public:
    DeviceBuffer(CudaApi& cu, std::size_t bytes) : cu_(cu), bytes_(bytes) { status_ = cu.cuMemAlloc(&ptr_, bytes); }
    ~DeviceBuffer() {
        if (status_ == CUDA_SUCCESS && ptr_ != 0) cu_.cuMemFree(ptr_);
    }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    CUresult status() const { return status_; }
    CUdeviceptr get() const { return ptr_; }
    std::size_t bytes() const { return bytes_; }

private:
    CudaApi& cu_;
    CUdeviceptr ptr_ = 0;
    std::size_t bytes_;
    CUresult status_;
};

class PinnedBuffer {
public:
    PinnedBuffer(CudaApi& cu, std::size_t bytes) : cu_(cu) { status_ = cu.cuMemAllocHost(&ptr_, bytes); }
    ~PinnedBuffer() {
        if (status_ == CUDA_SUCCESS && ptr_ != nullptr) cu_.cuMemFreeHost(ptr_);
    }
    PinnedBuffer(const PinnedBuffer&) = delete;
    PinnedBuffer& operator=(const PinnedBuffer&) = delete;
    CUresult status() const { return status_; }
    void* get() const { return ptr_; }

private:
    CudaApi& cu_;
    void* ptr_ = nullptr;
    CUresult status_;
};

class Event {
public:
    explicit Event(CudaApi& cu) : cu_(cu) { status_ = cu.cuEventCreate(&ev_, 0); }
    ~Event() {
        if (status_ == CUDA_SUCCESS) cu_.cuEventDestroy(ev_);
    }
    Event(const Event&) = delete;
    Event& operator=(const Event&) = delete;
    CUresult status() const { return status_; }
    CUevent get() const { return ev_; }

private:
    CudaApi& cu_;
    CUevent ev_ = nullptr;
    CUresult status_;
};

}  // namespace gpuprobe
