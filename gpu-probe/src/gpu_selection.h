// Which GPUs a run probes: --gpus takes device indices, GPU UUIDs or AMD GPU ids (the worker knows a job's GPUs by
// UUID, an AMD GPU by "AMD-" and its board serial, and the container runtimes renumber indices inside a container).
#pragma once
#include <string>
#include <vector>

#include "check.h"

namespace gpuprobe {

struct GpuSelector {
    int index = -1;    // a CUDA or HIP device index, or -1
    std::string uuid;  // "GPU-…" or "MIG-…" and 8-4-4-4-12 hex digits, lower case; "AMD-" and a serial; or empty
};

// Parses one --gpus item: a decimal index, a GPU UUID, a MIG device UUID or an AMD GPU id (any case). A usage error
// otherwise.
Status parse_gpu_selector(const std::string& item, GpuSelector& out);

// The CUDA ordinals the selectors name, in the order given and each once; `device_uuids[i]` is ordinal i's UUID.
// An empty selection means every GPU. An index out of range is a usage error naming it. A UUID no visible GPU has is
// skipped and listed in `not_visible`: a check of a job's GPUs runs in a pod the device plugin gave some free GPUs,
// and tests those of the job's that it was given (docs/probe.md).
Status resolve_gpu_selection(const std::vector<GpuSelector>& selectors, const std::vector<std::string>& device_uuids,
                             std::vector<int>& ordinals, std::vector<std::string>& not_visible);

// The 16 bytes of a CUuuid in the 8-4-4-4-12 form nvidia-smi, NVML and dcgm-exporter print: "GPU-…" for a whole GPU,
// "MIG-…" for a MIG device (CUDA gives a MIG slice's own UUID bytes; only the prefix tells them apart).
std::string format_gpu_uuid(const unsigned char bytes[16], bool mig = false);

}  // namespace gpuprobe
