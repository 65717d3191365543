#include "probe.h"

#include <exception>

namespace gpuprobe {

Registry make_registry() {
    Registry r;
    add_gpu_probes(r);
    add_cpu_probes(r);
    return r;
}

Status select_probes(const Registry& registry, const std::vector<std::string>& keys, std::vector<Probe*>& out) {
    out.clear();
    if (keys.empty()) {
        for (const auto& p : registry) out.push_back(p.get());
        return Status::ok();
    }
    for (const auto& k : keys) {
        bool found = false;
        for (const auto& p : registry) found = found || p->key() == k;
        if (!found) return Status::error("unknown test '" + k + "' (see --list)");
    }
    // Keep registry order whatever order the keys were given in; a key given twice runs once.
    for (const auto& p : registry) {
        for (const auto& k : keys) {
            if (p->key() == k) {
                out.push_back(p.get());
                break;
            }
        }
    }
    return Status::ok();
}

TestResult run_probe(Probe& probe, ProbeContext& ctx) {
    std::string why;
    if (!probe.supported(ctx, why)) {
        TestResult r;
        r.key = probe.key();
        r.status = TestStatus::waived;
        r.reason = why;
        return r;
    }
    try {
        TestResult r = probe.run(ctx);
        r.key = probe.key();
        return r;
    } catch (const std::exception& e) {
        TestResult r;
        r.key = probe.key();
        r.status = TestStatus::error;
        r.reason = std::string("exception: ") + e.what();
        return r;
    }
}

}  // namespace gpuprobe
