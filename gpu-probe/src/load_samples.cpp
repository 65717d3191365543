#include "load_samples.h"

#include <algorithm>
#include <chrono>

namespace gpuprobe {

std::optional<Spread> spread_of(std::vector<double> v) {
    if (v.empty()) return std::nullopt;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    Spread s;
    s.min = v.front();
    s.max = v.back();
    s.median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
    s.count = static_cast<long long>(n);
    return s;
}

void add_spread(TestResult& r, const std::string& prefix, const std::vector<double>& values) {
    const auto s = spread_of(values);
    if (!s) return;
    r.details.emplace_back(prefix + "_min", s->min);
    r.details.emplace_back(prefix + "_median", s->median);
    r.details.emplace_back(prefix + "_max", s->max);
    r.details.emplace_back(prefix + "_samples", s->count);
}

NvmlSampler::NvmlSampler(NvmlApi& nvml, nvmlDevice_t device, LoadSamples& into, int period_ms)
    : nvml_(nvml), device_(device), into_(into), period_ms_(period_ms) {
    if (device_ == nullptr) return;
    thread_ = std::thread([this] {
        std::unique_lock<std::mutex> lock(mutex_);
        do {
            sample();  // at least once, however short the load
        } while (!wake_.wait_for(lock, std::chrono::milliseconds(period_ms_), [this] { return stop_; }));
    });
}

NvmlSampler::~NvmlSampler() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void NvmlSampler::sample() {
    NvmlApi& n = nvml_;
    unsigned v = 0;
    if (n.nvmlDeviceGetClockInfo && n.nvmlDeviceGetClockInfo(device_, NVML_CLOCK_SM, &v) == NVML_SUCCESS)
        into_.sm_clock_mhz.push_back(v);
    if (n.nvmlDeviceGetClockInfo && n.nvmlDeviceGetClockInfo(device_, NVML_CLOCK_MEM, &v) == NVML_SUCCESS)
        into_.memory_clock_mhz.push_back(v);
    if (n.nvmlDeviceGetPowerUsage && n.nvmlDeviceGetPowerUsage(device_, &v) == NVML_SUCCESS)
        into_.power_watts.push_back(v / 1000.0);
    if (n.nvmlDeviceGetTemperature && n.nvmlDeviceGetTemperature(device_, NVML_TEMPERATURE_GPU, &v) == NVML_SUCCESS)
        into_.temperature_celsius.push_back(v);
    unsigned long long mask = 0;
    if (n.nvmlDeviceGetCurrentClocksEventReasons &&
        n.nvmlDeviceGetCurrentClocksEventReasons(device_, &mask) == NVML_SUCCESS) {
        into_.reasons_seen |= mask;
        ++into_.reason_samples;
    }
    if (n.nvmlDeviceGetCurrPcieLinkGeneration && n.nvmlDeviceGetCurrPcieLinkGeneration(device_, &v) == NVML_SUCCESS)
        into_.pcie_gen_max = std::max(into_.pcie_gen_max, v);
    if (n.nvmlDeviceGetCurrPcieLinkWidth && n.nvmlDeviceGetCurrPcieLinkWidth(device_, &v) == NVML_SUCCESS)
        into_.pcie_width_max = std::max(into_.pcie_width_max, v);
}

}  // namespace gpuprobe
