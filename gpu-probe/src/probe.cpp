#include "probe.h"

#include <exception>
#include <new>

namespace gpuprobe {

Registry make_registry() {
    Registry r;
    add_gpu_probes(r);
    add_amd_probes(r);
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

void score_with_catalogue(TestResult& r, const ProbeContext& ctx, const std::string& product, const std::string& test) {
    score(r, ctx.baselines.achievable(product, test), product + " " + test, ctx.thresholds);
    const Baseline* b = ctx.baselines.baseline(product, test);
    if (r.baseline && b != nullptr) r.details.emplace_back("baseline_source", b->source);
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
    TestResult r;
    try {
        r = probe.run(ctx);
    } catch (const std::bad_alloc& e) {
        r = TestResult{};
        set_error(r, Status::error(std::string("out of host memory: ") + e.what()).classified(ErrorClass::resource));
    } catch (const std::exception& e) {
        r = TestResult{};
        set_error(r, Status::error(std::string("exception: ") + e.what()));
    }
    r.key = probe.key();
    ensure_error_class(r);
    return r;
}

}  // namespace gpuprobe
