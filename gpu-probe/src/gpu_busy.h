// A GPU busy with other work (another process's context, time-slicing, too little free memory) cannot be measured:
// its tests are reported `error`, class resource, error_code GPU_BUSY (the worker scores that INCONCLUSIVE and
// re-runs), never as a hardware failure.
#pragma once
#include <string>
#include <vector>

#include "check.h"
#include "nvml.h"

namespace gpuprobe {

struct GpuProcess {
    unsigned pid = 0;
    unsigned long long used_bytes = 0;  // ~0ULL when NVML cannot tell
    unsigned gpu_instance = 0xFFFFFFFFu;
};

inline constexpr const char* kBusyCode = "GPU_BUSY";

// Why the GPU is busy, or "" when it is not: other processes hold a context on it, or less memory is free than the
// test needs (with a margin for cuBLASLt's workspace and the context).
std::string busy_reason(const std::vector<GpuProcess>& others, unsigned long long free_bytes,
                        unsigned long long needed_bytes);
Status busy_status(const std::string& reason);

// The compute processes NVML lists on `device`, without `own_pid`; for a MIG slice (`gpu_instance` set) only those of
// that GPU instance. NOT_SUPPORTED and the like give an empty list (the free-memory check still applies).
std::vector<GpuProcess> other_compute_processes(NvmlApi& nvml, nvmlDevice_t device, unsigned own_pid,
                                                unsigned gpu_instance);

}  // namespace gpuprobe
