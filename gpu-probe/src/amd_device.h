// The AMD GPU environment (HIP runtime, AMD SMI, rocBLAS loaded once) and one opened AMD GPU (stream, kernel code
// object, AMD SMI handle), plus RAII wrappers for device memory, pinned host memory and events. The AMD counterpart
// of gpu_device.h; the probes, scoring and writers are shared.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "amd_identity.h"
#include "amd_smi.h"
#include "hip_api.h"
#include "hipblaslt_api.h"
#include "rocblas_api.h"

namespace gpuprobe {

// Where a GPU's board serial came from ("sysfs", "amd_smi"), or, without one, why each source gave none.
struct AmdIdentity {
    std::string serial, source, missing;
};

struct AmdEnvironment {
    HipApi hip;
    AmdSmiApi smi;
    Status smi_status = Status::error("not loaded");
    RocblasApi rocblas;
    Status rocblas_status = Status::error("not loaded");
    HipblasltApi hipblaslt;  // FP8 GEMM
    Status hipblaslt_status = Status::error("not loaded");
    int device_count = 0;
    std::string runtime_version;  // hipDriverGetVersion, e.g. "5.2.21153"
    std::string sysfs_root = "/sys";  // amd_identity.h
    // Fails (class environment) when there is no HIP runtime or no AMD GPU; AMD SMI, rocBLAS and hipBLASLt failures
    // only affect their own tests. `rocm_libs` is --rocm-libs (empty: search, hip_api.h).
    static Status open(AmdEnvironment& env, const std::string& rocm_libs);
    // Every GPU's id as the worker keys AMD GPUs, by HIP ordinal (amd_gpu_id of identify()).
    std::vector<std::string> device_ids();
    // The board serial of the GPU at a PCI bus id: from sysfs, else AMD SMI, else none (amd_identity.h).
    AmdIdentity identify(const std::string& pci_bus_id) const;
};

class AmdDevice {
public:
    static Status open(AmdEnvironment& env, int ordinal, std::unique_ptr<AmdDevice>& out);
    ~AmdDevice();
    AmdDevice(const AmdDevice&) = delete;
    AmdDevice& operator=(const AmdDevice&) = delete;

    AmdEnvironment& env;
    HipApi& hip;
    int ordinal;
    hipStream_t stream = nullptr;
    hipModule_t module = nullptr;        // embedded kernels; null in a build without hipcc
    amdsmi_processor_handle smi = nullptr;  // null when AMD SMI is unavailable or has no GPU at this bus id
    AmdIdentity identity;
    std::string name, uuid, pci_bus_id, arch, module_error;
    std::string gcn_arch;  // "gfx942" (gcn_arch_name, hip_api.h)
    std::size_t total_memory = 0;

private:
    AmdDevice(AmdEnvironment& e, int o) : env(e), hip(e.hip), ordinal(o) {}
};

// The id the worker knows an AMD GPU by: "AMD-" + serial; "AMD-PCI-" + bus id when the serial is unknown (a GPU the
// worker cannot match to one synced from the exporter; docs/probe.md).
std::string amd_gpu_id(const std::string& serial, const std::string& pci_bus_id);

// --warmup untimed `op`s, then `iterations` ops each between two events; `ms` gets each op's time.
Status time_hip_ops(AmdDevice& g, int warmup, int iterations, const std::function<Status()>& op,
                    std::vector<double>& ms);

class HipBuffer {
public:
    HipBuffer(HipApi& hip, std::size_t bytes) : hip_(hip) { status_ = hip.hipMalloc(&ptr_, bytes); }
    ~HipBuffer() {
        if (status_ == hipSuccess && ptr_ != nullptr) hip_.hipFree(ptr_);
    }
    HipBuffer(const HipBuffer&) = delete;
    HipBuffer& operator=(const HipBuffer&) = delete;
    hipError_t status() const { return status_; }
    void* get() const { return ptr_; }
    unsigned char* bytes() const { return static_cast<unsigned char*>(ptr_); }

private:
    HipApi& hip_;
    void* ptr_ = nullptr;
    hipError_t status_;
};

class HipPinnedBuffer {
public:
    HipPinnedBuffer(HipApi& hip, std::size_t bytes) : hip_(hip) { status_ = hip.hipHostMalloc(&ptr_, bytes, 0); }
    ~HipPinnedBuffer() {
        if (status_ == hipSuccess && ptr_ != nullptr) hip_.hipHostFree(ptr_);
    }
    HipPinnedBuffer(const HipPinnedBuffer&) = delete;
    HipPinnedBuffer& operator=(const HipPinnedBuffer&) = delete;
    hipError_t status() const { return status_; }
    void* get() const { return ptr_; }

private:
    HipApi& hip_;
    void* ptr_ = nullptr;
    hipError_t status_;
};

}  // namespace gpuprobe
