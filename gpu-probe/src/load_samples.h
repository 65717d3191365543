// NVML readings taken while the load tests run (a sampler thread during GEMM timing and the bandwidth tests), so
// that the snapshot tests report the GPU under load — clocks, power, temperature, throttle reasons, PCIe link —
// not the idle GPU they find afterwards.
#pragma once
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "nvml.h"
#include "result.h"

namespace gpuprobe {

struct LoadSamples {
    std::vector<double> sm_clock_mhz, memory_clock_mhz, power_watts, temperature_celsius;
    unsigned long long reasons_seen = 0;  // OR of every clocks-event mask sampled
    long long reason_samples = 0;
    unsigned pcie_gen_max = 0, pcie_width_max = 0;
};

struct Spread {
    double min = 0, median = 0, max = 0;
    long long count = 0;
};
std::optional<Spread> spread_of(std::vector<double> values);
// Adds <prefix>_min/_median/_max and <prefix>_samples to r's details when there are samples ("sm_clock_mhz_load").
void add_spread(TestResult& r, const std::string& prefix, const std::vector<double>& values);

// Samples every `period_ms` on its own thread from construction to destruction, at least once.
class NvmlSampler {
public:
    NvmlSampler(NvmlApi& nvml, nvmlDevice_t device, LoadSamples& into, int period_ms = 50);
    ~NvmlSampler();
    NvmlSampler(const NvmlSampler&) = delete;
    NvmlSampler& operator=(const NvmlSampler&) = delete;

private:
    void sample();
    NvmlApi& nvml_;
    nvmlDevice_t device_;
    LoadSamples& into_;
    int period_ms_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stop_ = false;
    std::thread thread_;
};

}  // namespace gpuprobe
