#include "gpu_busy.h"

namespace gpuprobe {

std::string busy_reason(const std::vector<GpuProcess>& others, unsigned long long free_bytes,
                        unsigned long long needed_bytes) {
    std::string why;
    if (!others.empty()) {
        why = std::to_string(others.size()) + " other process(es) use this GPU (pid";
        for (const auto& p : others) why += " " + std::to_string(p.pid);
        why += ")";
    }
    const unsigned long long margin = 256ull << 20;
    if (free_bytes < needed_bytes + margin) {
        why += std::string(why.empty() ? "" : "; ") + std::to_string(free_bytes >> 20) + " MiB free, the test needs " +
               std::to_string((needed_bytes + margin) >> 20) + " MiB";
    }
    return why;
}

Status busy_status(const std::string& reason) {
    return Status::error("GPU busy with other work, not measured: " + reason)
        .classified(ErrorClass::resource, kBusyCode);
}

std::vector<GpuProcess> other_compute_processes(NvmlApi& nvml, nvmlDevice_t device, unsigned own_pid,
                                                unsigned gpu_instance) {
    std::vector<GpuProcess> out;
    if (device == nullptr || nvml.nvmlDeviceGetComputeRunningProcesses_v3 == nullptr) return out;
    std::vector<nvmlProcessInfo_t> infos(64);
    for (int attempt = 0; attempt < 3; ++attempt) {
        unsigned count = static_cast<unsigned>(infos.size());
        const nvmlReturn_t r = nvml.nvmlDeviceGetComputeRunningProcesses_v3(device, &count, infos.data());
        if (r == NVML_ERROR_INSUFFICIENT_SIZE) {
            infos.resize(count + 16);
            continue;
        }
        if (r != NVML_SUCCESS) return out;
        for (unsigned i = 0; i < count; ++i) {
            if (infos[i].pid == own_pid) continue;
            if (gpu_instance != 0xFFFFFFFFu && infos[i].gpuInstanceId != gpu_instance) continue;
            out.push_back({infos[i].pid, infos[i].usedGpuMemory, infos[i].gpuInstanceId});
        }
        return out;
    }
    return out;
}

}  // namespace gpuprobe
