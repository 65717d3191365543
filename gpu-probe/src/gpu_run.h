// Running the GPU tests of a whole run: each selected GPU opened, each test under the watchdog; and the outcome of
// a driver that is installed but broken.
#pragma once
#include <string>
#include <vector>

#include "gpu_device.h"
#include "probe.h"

namespace gpuprobe {

// Runs `selected` GPU probes on every ordinal into report.gpus, each test on its own thread under the
// --test-timeout watchdog. A test that outlives it is `error`, class timeout; the GPU's later tests are not run
// (its context is held by the hung thread) and are reported so. Returns true when a test hung: the caller must then
// end the process without destructors (std::_Exit) once the report is out, as the hung thread still uses the GPU.
bool run_gpu_tests(GpuEnvironment& env, const std::vector<int>& ordinals, const std::vector<std::string>& uuids,
                   const std::vector<Probe*>& selected, const ProbeContext& base, RunReport& report);

// A broken driver (GpuEnvironment::open failed with driver_broken): the run's gpu_error, and for every GPU NVML can
// still name (those --gpus selects) a `gpu_open` test in error with the driver's class and code.
void report_broken_driver(GpuEnvironment& env, const Status& failure, const Options& options, RunReport& report);

}  // namespace gpuprobe
