// NVML snapshot probes, run after the load probes so they see the GPU's state right after load. Each reads NVML
// directly (never nvidia-smi text) and is waived when NVML or the counter is unavailable.
#include <functional>

#include "error_class.h"
#include "gpu_device.h"
#include "pcie.h"
#include "probe.h"
#include "xid.h"

namespace gpuprobe {
namespace {

using Reader = std::function<void(const ProbeContext&, GpuDevice&, NvmlApi&, TestResult&)>;

class NvmlProbe : public ReadingProbe {
public:
    NvmlProbe(std::string key, std::string desc, std::string unit, std::string metric, std::string help, Reader read)
        : ReadingProbe(Scope::gpu, std::move(key), std::move(desc), std::move(unit), std::move(metric),
                       std::move(help)),
          read_(std::move(read)) {}
    bool supported(const ProbeContext& ctx, std::string& why) const override {
        if (ctx.gpu == nullptr) return true;
        if (!ctx.gpu->env.nvml_status) {
            why = ctx.gpu->env.nvml_status.message();
            return false;
        }
        if (ctx.gpu->nvml == nullptr) {
            why = "NVML has no device at PCI bus id " + ctx.gpu->pci_bus_id;
            return false;
        }
        return true;
    }

protected:
    void read(const ProbeContext& ctx, TestResult& r) override { read_(ctx, *ctx.gpu, ctx.gpu->env.nvml, r); }

private:
    Reader read_;
};

bool waive_if(TestResult& r, bool missing, nvmlReturn_t rc, NvmlApi& n, const char* what) {
    if (missing) {
        r.status = TestStatus::waived;
        r.reason = std::string("this NVML lacks ") + what;
        return true;
    }
    if (rc == NVML_SUCCESS) return false;
    const std::string reason = std::string(what) + ": " + n.error_text(rc);
    const NvmlOutcome outcome = nvml_outcome(rc);
    if (outcome.verdict == NvmlVerdict::waive) {
        r.status = TestStatus::waived;
        r.reason = reason;
    } else {
        set_error(r, Status::error(reason).classified(outcome.info.error_class, outcome.info.code));
    }
    return true;
}

}  // namespace

void add_nvml_probes(Registry& reg) {
    reg.push_back(std::make_unique<NvmlProbe>(
        "nvml_temperature", "GPU temperature vs the slowdown threshold (NVML)", "celsius", "temperature_celsius",
        "GPU core temperature, degrees Celsius.", [](const ProbeContext&, GpuDevice& g, NvmlApi& n, TestResult& r) {
            unsigned t = 0, slow = 0;
            if (waive_if(r, !n.nvmlDeviceGetTemperature, n.nvmlDeviceGetTemperature ? n.nvmlDeviceGetTemperature(g.nvml, NVML_TEMPERATURE_GPU, &t) : 0, n, "nvmlDeviceGetTemperature")) return;
            r.value = t;
            add_spread(r, "load_celsius", g.load.temperature_celsius);
            if (n.nvmlDeviceGetTemperatureThreshold &&
                n.nvmlDeviceGetTemperatureThreshold(g.nvml, NVML_TEMPERATURE_THRESHOLD_SLOWDOWN, &slow) == NVML_SUCCESS) {
                r.details.emplace_back("slowdown_threshold_celsius", static_cast<long long>(slow));
                const auto load = spread_of(g.load.temperature_celsius);
                if (t >= slow || (load && load->max >= slow)) {
                    r.status = TestStatus::degraded;
                    r.reason = "at or above the slowdown threshold" + std::string(t >= slow ? "" : " under load");
                }
            }
        }));
    reg.push_back(std::make_unique<NvmlProbe>(
        "nvml_power", "Board power draw and enforced limit (NVML)", "watts", "power_watts", "Board power draw, watts.",
        [](const ProbeContext&, GpuDevice& g, NvmlApi& n, TestResult& r) {
            unsigned mw = 0, limit = 0;
            if (waive_if(r, !n.nvmlDeviceGetPowerUsage, n.nvmlDeviceGetPowerUsage ? n.nvmlDeviceGetPowerUsage(g.nvml, &mw) : 0, n, "nvmlDeviceGetPowerUsage")) return;
            r.value = mw / 1000.0;
            add_spread(r, "load_watts", g.load.power_watts);
            if (n.nvmlDeviceGetEnforcedPowerLimit && n.nvmlDeviceGetEnforcedPowerLimit(g.nvml, &limit) == NVML_SUCCESS)
                r.details.emplace_back("power_limit_watts", limit / 1000.0);
        }));
    reg.push_back(std::make_unique<NvmlProbe>(
        "nvml_clocks", "SM and memory clocks, current and maximum (NVML)", "MHz", "sm_clock_hertz",
        "Current SM clock, hertz.", [](const ProbeContext&, GpuDevice& g, NvmlApi& n, TestResult& r) {
            r.metric_scale = 1e6;
            unsigned sm = 0, mem = 0, smax = 0, mmax = 0;
            if (waive_if(r, !n.nvmlDeviceGetClockInfo, n.nvmlDeviceGetClockInfo ? n.nvmlDeviceGetClockInfo(g.nvml, NVML_CLOCK_SM, &sm) : 0, n, "nvmlDeviceGetClockInfo")) return;
            r.value = sm;
            r.details.emplace_back("sm_clock_mhz", static_cast<long long>(sm));
            if (n.nvmlDeviceGetClockInfo(g.nvml, NVML_CLOCK_MEM, &mem) == NVML_SUCCESS)
                r.details.emplace_back("memory_clock_mhz", static_cast<long long>(mem));
            if (n.nvmlDeviceGetMaxClockInfo && n.nvmlDeviceGetMaxClockInfo(g.nvml, NVML_CLOCK_SM, &smax) == NVML_SUCCESS)
                r.details.emplace_back("sm_clock_max_mhz", static_cast<long long>(smax));
            if (n.nvmlDeviceGetMaxClockInfo && n.nvmlDeviceGetMaxClockInfo(g.nvml, NVML_CLOCK_MEM, &mmax) == NVML_SUCCESS)
                r.details.emplace_back("memory_clock_max_mhz", static_cast<long long>(mmax));
            add_spread(r, "sm_clock_load_mhz", g.load.sm_clock_mhz);
            add_spread(r, "memory_clock_load_mhz", g.load.memory_clock_mhz);
        }));
    reg.push_back(std::make_unique<NvmlProbe>(
        "nvml_throttle_reasons", "Clock event (throttle) reasons, decoded; thermal/HW slowdowns degrade (NVML)",
        "bitmask", "", "", [](const ProbeContext&, GpuDevice& g, NvmlApi& n, TestResult& r) {
            unsigned long long mask = 0;
            if (waive_if(r, !n.nvmlDeviceGetCurrentClocksEventReasons, n.nvmlDeviceGetCurrentClocksEventReasons ? n.nvmlDeviceGetCurrentClocksEventReasons(g.nvml, &mask) : 0, n, "nvmlDeviceGetCurrentClocksEventReasons")) return;
            r.value = static_cast<double>(mask);
            r.details.emplace_back("reasons", decode_clock_event_reasons(mask));
            if (g.load.reason_samples > 0) {
                r.details.emplace_back("reasons_under_load", decode_clock_event_reasons(g.load.reasons_seen));
                r.details.emplace_back("load_samples", g.load.reason_samples);
            }
            const unsigned long long harmful = clock_event_reasons_harmful(mask) ? mask
                : clock_event_reasons_harmful(g.load.reasons_seen) ? g.load.reasons_seen : 0;
            if (harmful != 0) {
                r.status = TestStatus::degraded;
                r.reason = "clocks held down by " + decode_clock_event_reasons(harmful) +
                           (harmful == mask ? "" : " under load");
            }
        }));
    reg.push_back(std::make_unique<NvmlProbe>(
        "nvml_ecc", "ECC error counts, volatile and aggregate; uncorrected volatile errors fail (NVML)", "errors",
        "ecc_uncorrected_volatile_errors", "Uncorrected ECC errors since the last driver load.",
        [](const ProbeContext&, GpuDevice& g, NvmlApi& n, TestResult& r) {
            unsigned long long vc = 0, vu = 0, ac = 0, au = 0;
            auto f = n.nvmlDeviceGetTotalEccErrors;
            if (waive_if(r, !f, f ? f(g.nvml, NVML_MEMORY_ERROR_TYPE_UNCORRECTED, NVML_VOLATILE_ECC, &vu) : 0, n, "ECC counters")) return;
            f(g.nvml, NVML_MEMORY_ERROR_TYPE_CORRECTED, NVML_VOLATILE_ECC, &vc);
            f(g.nvml, NVML_MEMORY_ERROR_TYPE_CORRECTED, NVML_AGGREGATE_ECC, &ac);
            f(g.nvml, NVML_MEMORY_ERROR_TYPE_UNCORRECTED, NVML_AGGREGATE_ECC, &au);
            r.value = static_cast<double>(vu);
            r.details = {{"volatile_corrected", static_cast<long long>(vc)}, {"volatile_uncorrected", static_cast<long long>(vu)},
                         {"aggregate_corrected", static_cast<long long>(ac)}, {"aggregate_uncorrected", static_cast<long long>(au)}};
            if (vu > 0) {
                r.status = TestStatus::failed;
                r.reason = std::to_string(vu) + " uncorrected ECC errors since the driver loaded";
            } else if (au > 0) {
                r.status = TestStatus::degraded;
                r.reason = std::to_string(au) + " uncorrected ECC errors over the GPU's lifetime";
            }
        }));
    reg.push_back(std::make_unique<NvmlProbe>(
        "nvml_remapped_rows", "Row remapping: pending remaps degrade (reset needed), a remap failure fails (NVML)",
        "rows", "remapped_rows_uncorrectable", "Rows remapped for uncorrectable errors.",
        [](const ProbeContext&, GpuDevice& g, NvmlApi& n, TestResult& r) {
            unsigned corr = 0, unc = 0, pending = 0, failure = 0;
            if (waive_if(r, !n.nvmlDeviceGetRemappedRows, n.nvmlDeviceGetRemappedRows ? n.nvmlDeviceGetRemappedRows(g.nvml, &corr, &unc, &pending, &failure) : 0, n, "nvmlDeviceGetRemappedRows")) return;
            r.value = unc;
            r.details = {{"correctable_rows", static_cast<long long>(corr)}, {"uncorrectable_rows", static_cast<long long>(unc)},
                         {"pending", pending != 0}, {"failure_occurred", failure != 0}};
            if (failure != 0) {
                r.status = TestStatus::failed;
                r.reason = "a row remapping failed: the GPU needs service";
            } else if (pending != 0) {
                r.status = TestStatus::degraded;
                r.reason = "row remapping pending: reset the GPU";
            }
        }));
    reg.push_back(std::make_unique<NvmlProbe>(
        "nvml_pcie_link", "PCIe link generation and width vs the SKU's; a narrower or slower link fails (NVML)", "lanes",
        "pcie_link_width_lanes", "Current PCIe link width, lanes.", [](const ProbeContext& ctx, GpuDevice& g, NvmlApi& n, TestResult& r) {
            unsigned cg = 0, mg = 0, cw = 0, mw = 0;
            bool have = n.nvmlDeviceGetCurrPcieLinkWidth && n.nvmlDeviceGetMaxPcieLinkWidth;
            if (waive_if(r, !have, have ? n.nvmlDeviceGetCurrPcieLinkWidth(g.nvml, &cw) : 0, n, "nvmlDeviceGetCurrPcieLinkWidth")) return;
            n.nvmlDeviceGetMaxPcieLinkWidth(g.nvml, &mw);
            if (n.nvmlDeviceGetCurrPcieLinkGeneration) n.nvmlDeviceGetCurrPcieLinkGeneration(g.nvml, &cg);
            if (n.nvmlDeviceGetMaxPcieLinkGeneration) n.nvmlDeviceGetMaxPcieLinkGeneration(g.nvml, &mg);
            r.value = cw;
            PcieLink link;
            link.current_gen = cg;
            link.current_width = cw;
            link.max_gen = mg;
            link.max_width = mw;
            link.load_gen = g.load.pcie_gen_max;
            link.load_width = g.load.pcie_width_max;
            r.details = {{"current_width", static_cast<long long>(cw)}, {"max_width", static_cast<long long>(mw)},
                         {"current_gen", static_cast<long long>(cg)}, {"max_gen", static_cast<long long>(mg)}};
            if (link.load_gen > 0) {
                r.details.emplace_back("load_gen", static_cast<long long>(link.load_gen));
                r.details.emplace_back("load_width", static_cast<long long>(link.load_width));
            }
            r.details.emplace_back("note", std::string("an idle link lowers its generation to save power: the "
                                                       "generation is scored by its maximum and under load"));
            if (const Sku* sku = ctx.baselines.find(g.name)) {
                link.expected_width = sku->pcie_width;
                link.expected_gen = sku->pcie_gen;
                if (sku->pcie_width) r.details.emplace_back("expected_width", static_cast<long long>(*sku->pcie_width));
                if (sku->pcie_gen) r.details.emplace_back("expected_gen", static_cast<long long>(*sku->pcie_gen));
            }
            const PcieAssessment a = assess_pcie_link(link);
            if (a.failed) {
                r.status = TestStatus::failed;
                r.reason = a.reason;
            }
        }));
    reg.push_back(std::make_unique<NvmlProbe>(
        "nvml_xid", "Critical XID events raised during this run; hardware XIDs fail (NVML events)", "events", "xid_events",
        "Critical XID events NVML delivered during the run.", [](const ProbeContext&, GpuDevice& g, NvmlApi& n, TestResult& r) {
            if (g.xid_events == nullptr || n.nvmlEventSetWait_v2 == nullptr) {
                r.status = TestStatus::waived;
                r.reason = "NVML XID events are not available on this GPU/driver";
                return;
            }
            std::vector<XidEvent> events;
            nvmlEventData_t ev {};
            while (n.nvmlEventSetWait_v2(g.xid_events, &ev, 0) == NVML_SUCCESS)
                if (ev.device == g.nvml) events.push_back({static_cast<long long>(ev.eventData), ev.gpuInstanceId});
            report_xids(events, g.mig ? g.gpu_instance : kNoInstance, r);
        }));
}

}  // namespace gpuprobe
