// AMD SMI snapshot tests, the AMD counterparts of the NVML ones, run after the load tests: temperatures and power,
// ECC counts, RAS error state. Each is waived, naming the library, when AMD SMI is absent, and reads its facts into
// snake_case details with unit suffixes that the worker reads (docs/probe.md).
#include <functional>

#include "amd_device.h"
#include "probe.h"

namespace gpuprobe {
namespace {

using Reader = std::function<void(AmdDevice&, AmdSmiApi&, TestResult&)>;

class AmdSmiProbe : public ReadingProbe {
public:
    AmdSmiProbe(std::string key, std::string desc, std::string unit, std::string metric, std::string help, Reader read)
        : ReadingProbe(Scope::amd_gpu, std::move(key), std::move(desc), std::move(unit), std::move(metric),
                       std::move(help)),
          read_(std::move(read)) {}
    bool supported(const ProbeContext& ctx, std::string& why) const override {
        if (ctx.amd == nullptr) return true;
        if (!ctx.amd->env.smi_status) {
            why = ctx.amd->env.smi_status.message();
            return false;
        }
        if (ctx.amd->smi == nullptr) {
            why = "AMD SMI has no GPU at PCI bus id " + ctx.amd->pci_bus_id;
            return false;
        }
        return true;
    }

protected:
    void read(const ProbeContext& ctx, TestResult& r) override { read_(*ctx.amd, ctx.amd->env.smi, r); }

private:
    Reader read_;
};

// A failed AMD SMI read: not supported and no permission waive the test (the node lacks it), anything else is an
// error of unknown class with AMD SMI's status as its code.
void read_failed(TestResult& r, AmdSmiApi& smi, amdsmi_status_t s, const char* what) {
    r.reason = std::string(what) + ": " + smi.error_text(s);
    if (s == AMDSMI_STATUS_NOT_SUPPORTED || s == AMDSMI_STATUS_NO_PERM) {
        r.status = TestStatus::waived;
        return;
    }
    set_error(r, Status::error(r.reason).classified(ErrorClass::unknown, "AMDSMI_STATUS_" + std::to_string(s)));
}

void read_temperatures(AmdDevice& g, AmdSmiApi& smi, TestResult& r) {
    std::int64_t hotspot = 0, memory = 0, edge = 0;
    const amdsmi_status_t s = smi.amdsmi_get_temp_metric(g.smi, AMDSMI_TEMPERATURE_TYPE_HOTSPOT, AMDSMI_TEMP_CURRENT, &hotspot);
    if (s != AMDSMI_STATUS_SUCCESS) return read_failed(r, smi, s, "junction (hotspot) temperature");
    r.value = static_cast<double>(hotspot);
    r.details.emplace_back("hotspot_temperature_celsius", static_cast<long long>(hotspot));
    if (smi.amdsmi_get_temp_metric(g.smi, AMDSMI_TEMPERATURE_TYPE_VRAM, AMDSMI_TEMP_CURRENT, &memory) == AMDSMI_STATUS_SUCCESS)
        r.details.emplace_back("memory_temperature_celsius", static_cast<long long>(memory));
    if (smi.amdsmi_get_temp_metric(g.smi, AMDSMI_TEMPERATURE_TYPE_EDGE, AMDSMI_TEMP_CURRENT, &edge) == AMDSMI_STATUS_SUCCESS)
        r.details.emplace_back("edge_temperature_celsius", static_cast<long long>(edge));
    double watts = 0;
    std::string why;
    if (smi.power_watts(g.smi, watts, why))
        r.details.emplace_back("power_watts", watts);
    else
        r.details.emplace_back("power_not_read", why);
}

void read_ecc(AmdDevice& g, AmdSmiApi& smi, TestResult& r) {
    AmdEccCounts counts;
    const amdsmi_status_t s = smi.amdsmi_get_gpu_total_ecc_count(g.smi, &counts);
    if (s != AMDSMI_STATUS_SUCCESS) return read_failed(r, smi, s, "amdsmi_get_gpu_total_ecc_count");
    assess_amd_ecc(counts, r);
}

void read_ras(AmdDevice& g, AmdSmiApi& smi, TestResult& r) {
    std::uint64_t enabled = 0;
    const amdsmi_status_t s = smi.amdsmi_get_gpu_ecc_enabled(g.smi, &enabled);
    if (s != AMDSMI_STATUS_SUCCESS) return read_failed(r, smi, s, "amdsmi_get_gpu_ecc_enabled");
    std::vector<RasBlockState> blocks;
    for (unsigned bit = 0; bit < 63; ++bit) {
        const std::uint64_t block = 1ull << bit;
        int state = 0;
        if ((enabled & block) != 0 && smi.amdsmi_get_gpu_ecc_status(g.smi, block, &state) == AMDSMI_STATUS_SUCCESS)
            blocks.push_back({block, state});
    }
    assess_ras(blocks, r);
}

}  // namespace

void add_amd_smi_probes(Registry& reg) {
    reg.push_back(std::make_unique<AmdSmiProbe>(
        "amd_smi_snapshot", "Junction (hotspot), memory and edge temperature and socket power right after load (AMD SMI)",
        "celsius", "temperature_celsius", "GPU junction (hotspot) temperature after the load tests, degrees Celsius.",
        read_temperatures));
    reg.push_back(std::make_unique<AmdSmiProbe>(
        "amd_smi_ecc", "ECC error counts since the driver loaded; uncorrectable or deferred errors fail (AMD SMI)",
        "errors", "ecc_uncorrected_volatile_errors", "Uncorrected ECC errors since the last driver load.", read_ecc));
    reg.push_back(std::make_unique<AmdSmiProbe>(
        "amd_smi_ras", "RAS error state of every RAS-enabled block; a block with uncorrectable errors fails (AMD SMI)",
        "blocks", "ras_uncorrectable_blocks", "RAS blocks reporting uncorrectable errors or poison.", read_ras));
}

void add_amd_bandwidth_probes(Registry& r);  // amd_bandwidth_probes.cpp
void add_amd_gemm_probes(Registry& r);       // amd_gemm_probe.cpp
void add_amd_fp8_probe(Registry& r);         // amd_fp8_probe.cpp

void add_amd_probes(Registry& r) {
    add_amd_gemm_probes(r);
    add_amd_fp8_probe(r);
    add_amd_bandwidth_probes(r);
    add_amd_smi_probes(r);
}

}  // namespace gpuprobe
