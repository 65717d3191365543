// gpu-probe: parse → select → run → write → exit code. Only this file exits.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>

#include "amd_run.h"
#include "gpu_device.h"
#include "gpu_run.h"
#include "host_info.h"
#include "json_writer.h"
#include "options.h"
#include "probe.h"
#include "prom_writer.h"
#include "push.h"

using namespace gpuprobe;

namespace {

constexpr int kExitUsage = 2;
constexpr int kExitPush = 4;

bool write_output(const std::string& path, const std::string& text) {
    if (path == "-") {
        std::cout << text << std::flush;
        return true;
    }
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    return out.good();
}

Status read_token(const Options& o, std::string& token) {
    if (!o.token_file.empty()) {
        std::ifstream in(o.token_file);
        CHECK(in.good(), "cannot read --token-file '" + o.token_file + "'");
        std::getline(in, token);
    } else if (const char* env = std::getenv("GPU_PROBE_TOKEN")) {
        token = env;
    }
    while (!token.empty() && (token.back() == '\r' || token.back() == ' ')) token.pop_back();
    CHECK(!token.empty(), "--push needs a token: --token-file FILE or the environment variable GPU_PROBE_TOKEN");
    return Status::ok();
}

void summary(const RunReport& r) {
    auto line = [](const std::string& who, const TestResult& t) {
        std::fprintf(stderr, "  %-8s %-26s %-9s %12s %-8s %s\n", who.c_str(), t.key.c_str(), to_string(t.status),
                     t.value ? JsonWriter::number(static_cast<double>(static_cast<long long>(*t.value * 100)) / 100).c_str() : "-",
                     t.unit.c_str(), t.reason.c_str());
    };
    std::fprintf(stderr, "gpu-probe %s run %s: %s (exit %d)\n", r.probe_version.c_str(), r.run_id.c_str(),
                 to_string(r.verdict), r.exit_code);
    if (r.gpus.empty()) std::fprintf(stderr, "  GPU: %s\n", r.gpu_status.c_str());
    for (const auto& g : r.gpus)
        for (const auto& t : g.tests) line("gpu" + std::to_string(g.index), t);
    for (const auto& t : r.cpu_tests) line("cpu", t);
}

// After a hung GPU test its thread still blocks in the driver: exit without destructors or atexit handlers, which
// could wait on that thread or the driver forever.
int finish(bool hung, int code) {
    if (!hung) return code;
    std::fflush(stdout);
    std::fflush(stderr);
    std::cout.flush();
    std::_Exit(code);
}

}  // namespace

int main(int argc, char** argv) {
    Options opt;
    Status parsed = parse_options(argc, argv, opt);
    if (!parsed) {
        std::fprintf(stderr, "gpu-probe: %s\n", parsed.message().c_str());
        return kExitUsage;
    }
    if (opt.help) {
        std::cout << usage_text("gpu-probe");
        return 0;
    }
    if (opt.version) {
        std::cout << "gpu-probe " GPU_PROBE_VERSION
#ifdef GPU_PROBE_HAVE_KERNELS
                     " (CUDA kernels embedded)"
#else
                     " (no CUDA kernels: built without nvcc)"
#endif
#ifdef GPU_PROBE_HAVE_HIP_KERNELS
                     " (HIP kernels embedded)"
#else
                     " (no HIP kernels: built without hipcc)"
#endif
                  << "\n";
        return 0;
    }
    Registry registry = make_registry();
    std::vector<Probe*> selected;
    Status sel = select_probes(registry, opt.tests, selected);
    if (!sel) {
        std::fprintf(stderr, "gpu-probe: %s\n", sel.message().c_str());
        return kExitUsage;
    }
    Baselines baselines;
    Status bl = Baselines::load(opt.skus_path, opt.baselines_path, baselines);
    if (!bl) {
        std::fprintf(stderr, "gpu-probe: baselines: %s\n", bl.message().c_str());
        return kExitUsage;
    }
    std::string token;
    if (!opt.push_url.empty()) {
        std::string why;
        Status tk = read_token(opt, token);
        if (!tk) {
            std::fprintf(stderr, "gpu-probe: %s\n", tk.message().c_str());
            return kExitUsage;
        }
        if (!curl_available(why)) {
            std::fprintf(stderr, "gpu-probe: --push needs libcurl: %s\n", why.c_str());
            return kExitUsage;
        }
    }

    GpuEnvironment env;
    Status gpu_env = GpuEnvironment::open(env, opt.cublaslt_path);
    // AMD GPUs through HIP where CUDA has no GPU (a broken NVIDIA driver is that node's outcome, not a missing one).
    AmdEnvironment amd;
    const Status amd_env = gpu_env || env.driver_broken ? Status::error("not tried") : AmdEnvironment::open(amd, opt.rocm_libs);
    if (opt.list) {
        std::cout << "Tests (GPU tests run on every selected NVIDIA (gpu) or AMD (amd) GPU; CPU tests once):\n";
        for (const auto& p : registry) {
            const Scope scope = p->scope();
            std::printf("  %-26s %-4s %s\n", p->key().c_str(),
                        scope == Scope::gpu ? "gpu" : scope == Scope::amd_gpu ? "amd" : "cpu", p->description().c_str());
        }
        std::printf("GPU here: %s\n", gpu_env   ? (std::to_string(env.device_count) + " device(s)").c_str()
                                       : amd_env ? (std::to_string(amd.device_count) + " AMD device(s)").c_str()
                                                 : (gpu_env.message() + "; " + amd_env.message()).c_str());
        return 0;
    }
    std::vector<int> ordinals;
    std::vector<std::string> not_visible, uuids;
    if (gpu_env || amd_env) {
        // A driver that cannot name its GPUs still lets indices select them; opening the GPU then reports the error.
        if (amd_env) uuids = amd.device_ids();
        else if (!env.device_uuids(uuids)) uuids.assign(static_cast<std::size_t>(env.device_count), "");
        Status resolved = resolve_gpu_selection(opt.gpus, uuids, ordinals, not_visible);
        if (!resolved) {
            std::fprintf(stderr, "gpu-probe: %s\n", resolved.message().c_str());
            return kExitUsage;
        }
    }

    RunReport report;
    report.probe_version = GPU_PROBE_VERSION;
    report.run_id = new_uuid_v4();
    report.request_id = opt.request_id;
    report.pass_ratio = opt.pass_ratio;
    report.degraded_ratio = opt.degraded_ratio;
    report.baselines_source = baselines.source;
    const auto started = std::chrono::system_clock::now();
    report.started_at = rfc3339_utc(started);
    report.started_unix_seconds = std::chrono::duration<double>(started.time_since_epoch()).count();
    report.host = collect_host_info();
    report.host.driver = amd_env ? "HIP " + amd.runtime_version : env.driver_version;
    report.host.cuda = gpu_env ? env.cuda_version : "";
    report.gpu_status = gpu_env || amd_env ? "ok"
                        : env.driver_broken ? gpu_env.message() : gpu_env.message() + "; " + amd_env.message();
    report.gpus_not_visible = not_visible;
    if ((gpu_env || amd_env) && ordinals.empty() && !not_visible.empty())
        report.gpu_status = "none of the GPUs named by --gpus is visible here";

    Thresholds thresholds{opt.pass_ratio, opt.degraded_ratio};
    bool hung = false;
    if (gpu_env) {
        hung = run_gpu_tests(env, ordinals, uuids, selected, ProbeContext{opt, baselines, thresholds, nullptr}, report);
    } else if (amd_env) {
        hung = run_amd_gpu_tests(amd, ordinals, uuids, selected, ProbeContext{opt, baselines, thresholds}, report);
    } else if (env.driver_broken) {
        report_broken_driver(env, gpu_env, opt, report);
    }
    ProbeContext cpu_ctx{opt, baselines, thresholds, nullptr};
    for (Probe* p : selected)
        if (p->scope() == Scope::cpu) report.cpu_tests.push_back(run_probe(*p, cpu_ctx));

    const auto finished = std::chrono::system_clock::now();
    report.finished_at = rfc3339_utc(finished);
    report.duration_seconds = std::chrono::duration<double>(finished - started).count();
    finish_verdict(report, (gpu_env || amd_env) && !ordinals.empty());

    const std::string json = report_to_json(report);
    bool ok = true;
    if (opt.json_path.empty() && opt.prom_path.empty()) ok = write_output("-", json);
    if (!opt.json_path.empty()) ok = write_output(opt.json_path, json) && ok;
    if (!opt.prom_path.empty()) ok = write_output(opt.prom_path, report_to_prometheus(report)) && ok;
    if (!ok) std::fprintf(stderr, "gpu-probe: could not write an output file\n");
    if (!opt.quiet) summary(report);
    if (!opt.push_url.empty()) {
        std::vector<std::string> log;
        Status pushed = push_report(opt.push_url, token, json, RetryPolicy{}, &log);
        for (const auto& l : log) std::fprintf(stderr, "gpu-probe: push %s\n", l.c_str());
        if (!pushed) {
            std::fprintf(stderr, "gpu-probe: %s\n", pushed.message().c_str());
            return finish(hung, kExitPush);
        }
    }
    return finish(hung, ok ? report.exit_code : kExitPush);
}
