#include "options.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <sstream>

namespace gpuprobe {
namespace {

std::vector<std::string> split_list(const std::string& s) {
    std::vector<std::string> out;
    std::string item;
    std::istringstream in(s);
    while (std::getline(in, item, ',')) {
        if (!item.empty()) out.push_back(item);
    }
    return out;
}

Status to_int(const std::string& flag, const std::string& text, int min, int max, int& out) {
    errno = 0;
    char* end = nullptr;
    long v = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || errno != 0 || v < min || v > max) {
        return Status::error(flag + " expects an integer in [" + std::to_string(min) + ", " + std::to_string(max) +
                             "], got '" + text + "'");
    }
    out = static_cast<int>(v);
    return Status::ok();
}

Status to_ratio(const std::string& flag, const std::string& text, double& out) {
    char* end = nullptr;
    double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !(v > 0.0 && v <= 10.0)) {
        return Status::error(flag + " expects a ratio in (0, 10], got '" + text + "'");
    }
    out = v;
    return Status::ok();
}

Status to_seconds(const std::string& flag, const std::string& text, double min, double max, double& out) {
    char* end = nullptr;
    double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !(v >= min && v <= max)) {
        char range[64];
        std::snprintf(range, sizeof range, "[%g, %g]", min, max);
        return Status::error(flag + " expects seconds in " + range + ", got '" + text + "'");
    }
    out = v;
    return Status::ok();
}

struct Flag {
    const char* long_name;
    char short_name;  // 0 = none
    bool takes_value;
    std::function<Status(Options&, const std::string&)> apply;
};

std::vector<Flag> flags() {
    return {
        {"help", 'h', false, [](Options& o, const std::string&) { o.help = true; return Status::ok(); }},
        {"version", 'V', false, [](Options& o, const std::string&) { o.version = true; return Status::ok(); }},
        {"list", 'l', false, [](Options& o, const std::string&) { o.list = true; return Status::ok(); }},
        {"quiet", 'q', false, [](Options& o, const std::string&) { o.quiet = true; return Status::ok(); }},
        {"tests", 't', true, [](Options& o, const std::string& v) {
             o.tests = split_list(v);
             if (o.tests.empty()) return Status::error("--tests expects a comma-separated list of test keys");
             return Status::ok();
         }},
        {"gpus", 'g', true, [](Options& o, const std::string& v) {
             o.gpus.clear();
             for (const auto& item : split_list(v)) {
                 GpuSelector g;
                 CHECK_OK(parse_gpu_selector(item, g));
                 o.gpus.push_back(g);
             }
             if (o.gpus.empty()) return Status::error("--gpus expects a comma-separated list of GPU indices or UUIDs");
             return Status::ok();
         }},
        {"gemm-size", 's', true, [](Options& o, const std::string& v) { return to_int("--gemm-size", v, 64, 65536, o.gemm_size); }},
        {"cpu-gemm-size", 0, true, [](Options& o, const std::string& v) { return to_int("--cpu-gemm-size", v, 16, 16384, o.cpu_gemm_size); }},
        {"iterations", 'i', true, [](Options& o, const std::string& v) { return to_int("--iterations", v, 1, 100000, o.iterations); }},
        {"warmup", 'w', true, [](Options& o, const std::string& v) { return to_int("--warmup", v, 0, 100000, o.warmup); }},
        {"mem-size-mib", 'm', true, [](Options& o, const std::string& v) { return to_int("--mem-size-mib", v, 1, 1 << 20, o.mem_size_mib); }},
        {"gemm-warmup-seconds", 0, true, [](Options& o, const std::string& v) { return to_seconds("--gemm-warmup-seconds", v, 0, 3600, o.gemm_warmup_seconds); }},
        {"gemm-seconds", 0, true, [](Options& o, const std::string& v) { return to_seconds("--gemm-seconds", v, 0, 3600, o.gemm_seconds); }},
        {"test-timeout", 0, true, [](Options& o, const std::string& v) { return to_seconds("--test-timeout", v, 0.1, 86400, o.test_timeout_seconds); }},
        {"cublaslt", 0, true, [](Options& o, const std::string& v) { o.cublaslt_path = v; return Status::ok(); }},
        {"rocm-libs", 0, true, [](Options& o, const std::string& v) { o.rocm_libs = v; return Status::ok(); }},
        {"inject-fault", 0, true, [](Options& o, const std::string& v) {
             if (v != "gemm-corrupt") return Status::error("--inject-fault knows only 'gemm-corrupt', got '" + v + "'");
             o.inject_fault = v;
             return Status::ok();
         }},
        {"threads", 'T', true, [](Options& o, const std::string& v) { return to_int("--threads", v, 1, 4096, o.threads); }},
        {"pass-ratio", 0, true, [](Options& o, const std::string& v) { return to_ratio("--pass-ratio", v, o.pass_ratio); }},
        {"degraded-ratio", 0, true, [](Options& o, const std::string& v) { return to_ratio("--degraded-ratio", v, o.degraded_ratio); }},
        {"json", 'j', true, [](Options& o, const std::string& v) { o.json_path = v; return Status::ok(); }},
        {"prom", 'p', true, [](Options& o, const std::string& v) { o.prom_path = v; return Status::ok(); }},
        {"push", 0, true, [](Options& o, const std::string& v) { o.push_url = v; return Status::ok(); }},
        {"token-file", 0, true, [](Options& o, const std::string& v) { o.token_file = v; return Status::ok(); }},
        {"baselines", 'b', true, [](Options& o, const std::string& v) { o.baselines_path = v; return Status::ok(); }},
        {"catalogue", 0, true, [](Options& o, const std::string& v) { o.skus_path = v; return Status::ok(); }},
        {"request-id", 0, true, [](Options& o, const std::string& v) { o.request_id = v; return Status::ok(); }},
    };
}

}  // namespace

Status parse_options(int argc, const char* const* argv, Options& out) {
    const auto table = flags();
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        const Flag* flag = nullptr;
        std::string value;
        bool has_inline_value = false;
        if (arg.rfind("--", 0) == 0 && arg.size() > 2) {
            std::string name = arg.substr(2);
            auto eq = name.find('=');
            if (eq != std::string::npos) {
                value = name.substr(eq + 1);
                name = name.substr(0, eq);
                has_inline_value = true;
            }
            for (const auto& f : table)
                if (name == f.long_name) flag = &f;
            if (flag == nullptr) return Status::error("unknown option '--" + name + "' (see --help)");
        } else if (arg.size() == 2 && arg[0] == '-' && arg[1] != '-') {
            for (const auto& f : table)
                if (f.short_name == arg[1]) flag = &f;
            if (flag == nullptr) return Status::error("unknown option '" + arg + "' (see --help)");
        } else {
            return Status::error("unexpected argument '" + arg + "' (see --help)");
        }
        if (flag->takes_value) {
            if (!has_inline_value) {
                if (i + 1 >= argc) return Status::error("option '" + arg + "' needs a value");
                value = argv[++i];
            }
        } else if (has_inline_value) {
            return Status::error("option '--" + std::string(flag->long_name) + "' takes no value");
        }
        CHECK_OK(flag->apply(out, value));
    }
    if (out.degraded_ratio > out.pass_ratio) {
        return Status::error("--degraded-ratio must not exceed --pass-ratio");
    }
    if (!out.token_file.empty() && out.push_url.empty()) return Status::error("--token-file needs --push");
    return Status::ok();
}

std::string usage_text(const std::string& program) {
    return "Usage: " + program + R"( [options]

GPU health probe: GEMM throughput per precision, device and host<->device memory bandwidth and an NVML snapshot on
every selected GPU, plus CPU GEMM and memory bandwidth everywhere; each test is scored against the SKU baseline.

Selection:
  -t, --tests KEYS          comma-separated exact test keys (default: all; see --list)
  -g, --gpus IDS            comma-separated device indices, GPU UUIDs (GPU-...) or AMD GPU ids (AMD-<serial>)
                            (default: all)
  -l, --list                list the test keys and whether they can run here, then exit
Sizes and repetitions:
  -s, --gemm-size N         GPU GEMM M=N=K (default 8192)
      --cpu-gemm-size N     CPU GEMM M=N=K (default 1024)
  -i, --iterations N        timed repetitions, the median is reported (default 10)
  -w, --warmup N            untimed warm-up repetitions (default 3)
  -m, --mem-size-mib N      buffer size per array for bandwidth tests, MiB (default 256)
      --gemm-warmup-seconds S   GPU GEMM warm-up on random data before timing (default 1)
      --gemm-seconds S      GPU GEMM least timed duration, split over --iterations batches (default 2)
  -T, --threads N           CPU threads (default: all logical CPUs)
GPU environment:
      --cublaslt PATH       libcublasLt file or folder to use (default: loader path, CUDA and wheel folders)
      --rocm-libs DIR       the only folder to load the HIP runtime, rocBLAS, hipBLASLt and AMD SMI from
                            (default: loader path, $ROCM_PATH/lib, /opt/rocm/lib)
      --test-timeout S      watchdog per GPU test: a test still running after S seconds is an error, class
                            timeout, and the run ends after writing its report (default 120)
      --inject-fault KIND   testing only: gemm-corrupt corrupts one GEMM output element (the check must fail it)
Scoring:
  -b, --baselines FILE      measured baselines CSV, gpu-baselines.csv (default: the copy embedded at build time)
      --catalogue FILE      SKU facts CSV, gpu-skus.csv (default: the copy embedded at build time)
      --pass-ratio R        value/baseline >= R is passed (default 0.90)
      --degraded-ratio R    value/baseline >= R is degraded, below is failed (default 0.75)
Output:
  -j, --json FILE|-         write the JSON report (default: stdout when neither --json nor --prom is given)
  -p, --prom FILE|-         write Prometheus text exposition
      --push URL            POST the JSON report to URL (the worker's probe-run endpoint)
      --token-file FILE     bearer token for --push (default: environment variable GPU_PROBE_TOKEN)
      --request-id UUID     on-demand request this run answers, copied into the report
  -q, --quiet               no summary on stderr
  -h, --help                this text
  -V, --version             print the version

Exit codes: 0 healthy (or degraded), 1 unhealthy (a test failed or errored), 2 usage error,
3 no GPU or driver (CPU tests still reported), 4 the report could not be pushed.
A driver that is installed but broken (cuInit fails other than "no device") is a failed run (exit 1).
)";
}

}  // namespace gpuprobe
