// Running the GPU tests on AMD GPUs (HIP), the counterpart of gpu_run.h: each selected GPU opened, each test under
// the watchdog, into the same report.
#pragma once
#include <string>
#include <vector>

#include "amd_device.h"
#include "probe.h"

namespace gpuprobe {

// Runs the selected AMD probes on every ordinal into report.gpus; `ids` are the GPUs' ids by ordinal
// (AmdEnvironment::device_ids). Returns true when a test hung (the caller then ends the process without destructors).
bool run_amd_gpu_tests(AmdEnvironment& env, const std::vector<int>& ordinals, const std::vector<std::string>& ids,
                       const std::vector<Probe*>& selected, const ProbeContext& base, RunReport& report);

}  // namespace gpuprobe
