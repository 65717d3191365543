#include "gpu_run.h"

#include <memory>

#include "gpu_selection.h"
#include "watchdog.h"

namespace gpuprobe {

TestResult error_result(const std::string& key, const Status& s) {
    TestResult t;
    t.key = key;
    set_error(t, s);
    return t;
}

namespace {

// Runs one probe on its own thread; the closure owns copies of what it uses, so an abandoned thread stays valid.
std::optional<TestResult> run_watched(Probe* probe, GpuDevice* dev, const ProbeContext& base) {
    ProbeContext ctx = base;
    ctx.gpu = dev;
    return run_with_watchdog<TestResult>(
        [probe, dev, ctx]() mutable {
            dev->cu.cuCtxSetCurrent(dev->ctx);  // the context is current per thread
            return run_probe(*probe, ctx);
        },
        base.options.test_timeout_seconds);
}

}  // namespace

std::string run_tests_on_gpu(const std::vector<Probe*>& selected, Scope scope, double timeout_seconds,
                             const std::function<std::optional<TestResult>(Probe*)>& watched, GpuReport& gr) {
    std::string hung_in;
    for (Probe* p : selected) {
        if (p->scope() != scope) continue;
        if (!hung_in.empty()) {
            gr.tests.push_back(error_result(
                p->key(), Status::error("not run: " + hung_in + " hung on this GPU and still holds it")
                              .classified(ErrorClass::timeout)));
            continue;
        }
        std::optional<TestResult> r = watched(p);
        if (r) {
            gr.tests.push_back(*r);
            continue;
        }
        hung_in = p->key();
        gr.tests.push_back(error_result(
            p->key(), Status::error("no result after " + std::to_string(timeout_seconds) +
                                    " s (--test-timeout): the GPU or its driver hung")
                          .classified(ErrorClass::timeout)));
    }
    return hung_in;
}

bool run_gpu_tests(GpuEnvironment& env, const std::vector<int>& ordinals, const std::vector<std::string>& uuids,
                   const std::vector<Probe*>& selected, const ProbeContext& base, RunReport& report) {
    bool any_hung = false;
    for (int idx : ordinals) {
        GpuReport gr;
        gr.index = idx;
        std::unique_ptr<GpuDevice> dev;
        Status opened = GpuDevice::open(env, idx, dev);
        if (!opened) {
            gr.uuid = idx < static_cast<int>(uuids.size()) ? uuids[static_cast<std::size_t>(idx)] : "";
            if (gr.uuid.empty()) {  // the worker needs a GPU's UUID; without one the run says so as a whole
                report.gpu_error = std::make_pair(std::string(to_string(opened.error_class())), opened.error_code());
                report.gpu_status = "GPU " + std::to_string(idx) + " could not be opened: " + opened.message();
                continue;
            }
            gr.tests.push_back(error_result("gpu_open", opened));
            report.gpus.push_back(gr);
            continue;
        }
        gr.uuid = dev->uuid;
        gr.name = dev->name;
        gr.serial = dev->serial;
        gr.pci_bus_id = dev->pci_bus_id;
        gr.compute_capability = std::to_string(dev->cc_major) + "." + std::to_string(dev->cc_minor);
        const std::string hung_in = run_tests_on_gpu(selected, Scope::gpu, base.options.test_timeout_seconds,
                                                     [&](Probe* p) { return run_watched(p, dev.get(), base); }, gr);
        any_hung = any_hung || !hung_in.empty();
        if (!hung_in.empty()) dev.release();  // the hung thread still uses it: never destroy it under that thread
        report.gpus.push_back(gr);
    }
    return any_hung;
}

void report_broken_driver(GpuEnvironment& env, const Status& failure, const Options& options, RunReport& report) {
    report.gpu_error = std::make_pair(std::string(to_string(failure.error_class())), failure.error_code());
    report.gpu_status = failure.message();
    const std::vector<std::string> uuids = env.nvml_uuids();
    std::vector<int> ordinals;
    std::vector<std::string> not_visible;
    if (!resolve_gpu_selection(options.gpus, uuids, ordinals, not_visible)) ordinals.clear();
    for (int idx : ordinals) {
        GpuReport gr;
        gr.index = idx;
        gr.uuid = uuids[static_cast<std::size_t>(idx)];
        gr.tests.push_back(error_result("gpu_open", failure));
        report.gpus.push_back(gr);
    }
    report.gpus_not_visible = not_visible;
}

}  // namespace gpuprobe
