// Command-line options: one Options value, parsed once in main() and passed down (no globals).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "check.h"
#include "gpu_selection.h"

namespace gpuprobe {

struct Options {
    bool help = false;
    bool version = false;
    bool list = false;
    bool quiet = false;
    std::vector<std::string> tests;   // exact probe keys; empty = all
    std::vector<GpuSelector> gpus;    // device indices, GPU UUIDs or AMD GPU ids; empty = all
    int gemm_size = 8192;             // GPU GEMM M = N = K
    int cpu_gemm_size = 1024;         // CPU GEMM M = N = K
    int iterations = 10;              // timed repetitions; the median is reported
    int warmup = 3;                   // untimed repetitions before timing
    int mem_size_mib = 256;           // per-buffer size for bandwidth tests
    double gemm_warmup_seconds = 1.0; // GPU GEMM: untimed warm-up, long enough for clocks and power to settle
    double gemm_seconds = 2.0;        // GPU GEMM: least timed duration, over --iterations batches
    double test_timeout_seconds = 120; // watchdog per GPU test: past it the test is `error`, class timeout
    std::string cublaslt_path;        // libcublasLt file or folder; empty = search (lib_search.h)
    std::string rocm_libs;            // folder of libamdhip64/librocblas/libhipblaslt/libamd_smi; empty = search
    std::string inject_fault;         // test only: "gemm-corrupt" corrupts one GEMM output element
    int threads = 0;                  // CPU threads; 0 = all logical CPUs
    double pass_ratio = 0.90;         // ratio >= pass_ratio: passed
    double degraded_ratio = 0.75;     // ratio >= degraded_ratio: degraded; below: failed
    std::string json_path;            // "-" = stdout
    std::string prom_path;            // "-" = stdout
    std::string push_url;
    std::string token_file;
    std::string skus_path;            // gpu-skus.csv; empty = the copy embedded at build time
    std::string baselines_path;       // gpu-baselines.csv; empty = the copy embedded at build time
    std::string request_id;           // optional on-demand request UUID, copied into the report
};

// Parses argv into `out`. On a usage error returns an error Status whose message is meant for the user.
Status parse_options(int argc, const char* const* argv, Options& out);

std::string usage_text(const std::string& program);

}  // namespace gpuprobe
