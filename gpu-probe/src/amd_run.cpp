#include "amd_run.h"

#include <memory>

#include "gpu_run.h"
#include "watchdog.h"

namespace gpuprobe {
namespace {

// Where the id came from; without a serial, why, and that the worker cannot match the GPU by it.
void add_identity_details(const AmdIdentity& id, GpuReport& gr) {
    if (!id.serial.empty()) {
        gr.details.emplace_back("serial_source", id.source);
        return;
    }
    gr.details.emplace_back("serial_source", std::string("none"));
    gr.details.emplace_back("id_note", "no board serial (" + id.missing + "): reported by PCI bus id, which the worker "
                                       "cannot match to a GPU synced from the exporter (keyed AMD-<serial_number>)");
}

}  // namespace

bool run_amd_gpu_tests(AmdEnvironment& env, const std::vector<int>& ordinals, const std::vector<std::string>& ids,
                       const std::vector<Probe*>& selected, const ProbeContext& base, RunReport& report) {
    bool any_hung = false;
    for (int idx : ordinals) {
        GpuReport gr;
        gr.index = idx;
        gr.uuid = ids[static_cast<std::size_t>(idx)];
        std::unique_ptr<AmdDevice> dev;
        Status opened = AmdDevice::open(env, idx, dev);
        if (!opened) {
            gr.tests.push_back(error_result("gpu_open", opened));
            report.gpus.push_back(gr);
            continue;
        }
        gr.uuid = dev->uuid;
        gr.name = dev->name;
        gr.serial = dev->identity.serial;
        add_identity_details(dev->identity, gr);
        gr.details.emplace_back("gcn_arch_name", dev->gcn_arch);
        gr.pci_bus_id = dev->pci_bus_id;
        gr.compute_capability = dev->arch;
        AmdDevice* device = dev.get();
        const std::string hung_in = run_tests_on_gpu(
            selected, Scope::amd_gpu, base.options.test_timeout_seconds,
            [&](Probe* p) {
                ProbeContext ctx = base;
                ctx.amd = device;
                return run_with_watchdog<TestResult>(
                    [p, device, ctx]() mutable {
                        device->hip.hipSetDevice(device->ordinal);  // the current device is per thread
                        return run_probe(*p, ctx);
                    },
                    base.options.test_timeout_seconds);
            },
            gr);
        if (!hung_in.empty()) {
            any_hung = true;
            dev.release();  // the hung thread still uses it: never destroy it under that thread
        }
        report.gpus.push_back(gr);
    }
    return any_hung;
}

}  // namespace gpuprobe
