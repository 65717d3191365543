// Running the GPU tests of a whole run: each selected GPU opened, each test under the watchdog; and the outcome of
// a driver that is installed but broken.
#pragma once
#include <functional>
#include <optional>
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

// Runs the `scope` probes of `selected` on one opened GPU into gr.tests, each through `watched` (its own thread
// under the watchdog; nullopt when it outlived `timeout_seconds`). After a hang the GPU's later tests are reported
// as not run. Returns the key of the test that hung, empty when none did. Shared by the CUDA and HIP paths.
std::string run_tests_on_gpu(const std::vector<Probe*>& selected, Scope scope, double timeout_seconds,
                             const std::function<std::optional<TestResult>(Probe*)>& watched, GpuReport& gr);

// A test in error with `s`'s message, class and code.
TestResult error_result(const std::string& key, const Status& s);

// A broken driver (GpuEnvironment::open failed with driver_broken): the run's gpu_error, and for every GPU NVML can
// still name (those --gpus selects) a `gpu_open` test in error with the driver's class and code.
void report_broken_driver(GpuEnvironment& env, const Status& failure, const Options& options, RunReport& report);

}  // namespace gpuprobe
