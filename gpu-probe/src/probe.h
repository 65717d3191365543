// The Probe interface and the registry of every probe the binary knows. A probe measures one thing and returns a
// scored TestResult; main() selects probes by exact key and runs CPU probes once and GPU probes per GPU.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "baselines.h"
#include "check.h"
#include "options.h"
#include "result.h"
#include "scoring.h"

namespace gpuprobe {

class GpuDevice;  // gpu_device.h
class AmdDevice;  // amd_device.h

// gpu: NVIDIA GPUs through CUDA; amd_gpu: AMD GPUs through HIP. A test key may have one probe of each.
enum class Scope { cpu, gpu, amd_gpu };

struct ProbeContext {
    const Options& options;
    const Baselines& baselines;
    Thresholds thresholds;
    GpuDevice* gpu = nullptr;  // the NVIDIA GPU under test; null for CPU and AMD probes
    AmdDevice* amd = nullptr;  // the AMD GPU under test; null for CPU and NVIDIA probes
};

class Probe {
public:
    virtual ~Probe() = default;
    virtual std::string key() const = 0;
    virtual std::string description() const = 0;
    virtual Scope scope() const = 0;
    // Whether the probe can run in this context; when not, `why` says why and the test is reported as waived.
    virtual bool supported(const ProbeContext& ctx, std::string& why) const {
        (void)ctx;
        (void)why;
        return true;
    }
    virtual TestResult run(ProbeContext& ctx) = 0;
};

// A probe that reads facts (no load) into a result of a fixed unit and metric: the NVML and AMD SMI snapshot tests.
// The result starts `passed`; read() sets the value and details and may fail, degrade or waive it.
class ReadingProbe : public Probe {
public:
    ReadingProbe(Scope scope, std::string key, std::string desc, std::string unit, std::string metric, std::string help)
        : scope_(scope), key_(std::move(key)), desc_(std::move(desc)), unit_(std::move(unit)),
          metric_(std::move(metric)), help_(std::move(help)) {}
    std::string key() const override { return key_; }
    std::string description() const override { return desc_; }
    Scope scope() const override { return scope_; }
    TestResult run(ProbeContext& ctx) override {
        TestResult r;
        r.unit = unit_;
        r.metric = metric_;
        r.metric_help = help_;
        r.status = TestStatus::passed;
        read(ctx, r);
        return r;
    }

protected:
    virtual void read(const ProbeContext& ctx, TestResult& r) = 0;

private:
    Scope scope_;
    std::string key_, desc_, unit_, metric_, help_;
};

using Registry = std::vector<std::unique_ptr<Probe>>;

// Every probe, in run order (GPU load tests before the NVML snapshot so it sees the state right after load).
Registry make_registry();
void add_cpu_probes(Registry& r);  // cpu_probes.cpp
void add_gpu_probes(Registry& r);  // gpu_probes.cpp / nvml_probes.cpp
void add_amd_probes(Registry& r);  // amd_gemm_probe.cpp / amd_bandwidth_probes.cpp / amd_smi_probes.cpp

// Picks the probes named in `keys` (exact match; empty = all). Unknown keys are a usage error.
Status select_probes(const Registry& registry, const std::vector<std::string>& keys, std::vector<Probe*>& out);

// Scores a measured result against the catalogue's figure for this SKU and test and, when there is one, names its
// source in details.baseline_source.
void score_with_catalogue(TestResult& r, const ProbeContext& ctx, const std::string& product, const std::string& test);

// Runs one probe: a waived result if unsupported, and an `error` result (never an exception) if it throws. Every
// `error` result carries details.error_class.
TestResult run_probe(Probe& probe, ProbeContext& ctx);

}  // namespace gpuprobe
