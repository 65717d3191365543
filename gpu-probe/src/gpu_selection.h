// Which GPUs a run probes: --gpus takes CUDA indices or GPU UUIDs (the worker knows a job's GPUs by UUID, and the
// NVIDIA runtime's NVIDIA_VISIBLE_DEVICES renumbers indices inside a container).
#pragma once
#include <string>
#include <vector>

#include "check.h"

namespace gpuprobe {

struct GpuSelector {
    int index = -1;    // a CUDA device index, or -1
    std::string uuid;  // "GPU-…" or "MIG-…" and 8-4-4-4-12 hex digits, lower case, or empty
};

// Parses one --gpus item: a decimal index, a GPU UUID or a MIG device UUID (any case). A usage error otherwise.
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
