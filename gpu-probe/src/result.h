// The outcome of one test and of a whole run, independent of how it is written out.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace gpuprobe {

enum class TestStatus { passed, degraded, failed, waived, error };
const char* to_string(TestStatus s);

// A detail value: number, integer, string or boolean. Keys are snake_case with a unit suffix where they have a unit.
using DetailValue = std::variant<double, long long, std::string, bool>;

struct TestResult {
    std::string key;                  // e.g. "gemm_bf16"
    TestStatus status = TestStatus::error;
    std::optional<double> value;      // in `unit`
    std::string unit;                 // e.g. "TFLOP/s", "GB/s", "celsius"
    std::optional<double> baseline;   // in `unit`
    std::optional<double> ratio;      // value / baseline
    std::string reason;               // why it is not `passed` (or what was measured against)
    std::string precision;            // GEMM precision label, empty otherwise
    // Prometheus: metric name after "gpu_probe_" and the factor from `unit` to base units (e.g. 1e12 for TFLOP/s).
    std::string metric;
    std::string metric_help;
    double metric_scale = 1.0;
    std::vector<std::pair<std::string, DetailValue>> details;
};

struct GpuReport {
    std::string uuid;
    int index = 0;
    std::string name;
    std::string serial;
    std::string pci_bus_id;
    std::string compute_capability;
    // About the GPU rather than a test (AMD: where its id came from, its gfx architecture); written when not empty.
    std::vector<std::pair<std::string, DetailValue>> details;
    std::vector<TestResult> tests;
};

struct HostInfo {
    std::string hostname, kernel, os, cpu_model, driver, cuda;
    int logical_cpus = 0;
};

enum class Verdict { healthy, degraded, failed, no_gpu };
const char* to_string(Verdict v);
// failed if any test failed or errored, degraded if any degraded, else healthy (waived tests do not count).
Verdict verdict_of_tests(const std::vector<TestResult>& tests);

struct RunReport {
    // 1.1: xids, expected PCIe link, error_class/error_code. 1.2: gpu_error; details of load sampling, XID kinds,
    // PCIe link under load, the GEMM check (checked_columns) and GPU_BUSY.
    std::string schema_version = "1.2";
    std::string probe_version;
    std::string run_id;
    std::string request_id;   // empty unless --request-id
    std::string started_at;   // RFC 3339 UTC
    std::string finished_at;
    double started_unix_seconds = 0;
    double duration_seconds = 0;
    HostInfo host;
    double pass_ratio = 0.90;
    double degraded_ratio = 0.75;
    std::string baselines_source;
    std::string gpu_status;   // "ok" or why no GPU was probed
    // A driver installed but broken (cuInit failed other than "no device"): its class and code; a failed run.
    std::optional<std::pair<std::string, std::string>> gpu_error;
    std::vector<std::string> gpus_not_visible;  // --gpus UUIDs this run could not see, so did not test
    std::vector<GpuReport> gpus;
    std::vector<TestResult> cpu_tests;
    Verdict verdict = Verdict::healthy;
    int exit_code = 0;
};

}  // namespace gpuprobe
