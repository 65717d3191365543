// JSON and Prometheus writers against golden files (fixed run id and times). GPU_PROBE_UPDATE_GOLDEN=1 rewrites them.
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "json_writer.h"
#include "prom_writer.h"
#include "scoring.h"
#include "test_util.h"

using namespace gpuprobe;

static RunReport fixture() {
    RunReport r;
    r.probe_version = "0.1.0";
    r.run_id = "0b6f1f38-3a53-4c1e-9f53-2d7c1a9e4b10";
    r.started_at = "2026-01-31T12:00:00.000Z";
    r.finished_at = "2026-01-31T12:01:30.250Z";
    r.started_unix_seconds = 1769860800;
    r.duration_seconds = 90.25;
    r.host = {"node-\"7\"", "Linux 6.8.0", "Ubuntu 24.04 LTS", "AMD EPYC 9654", "580.65.06", "13.0", 192};
    r.baselines_source = "embedded";
    r.gpu_status = "ok";
    GpuReport g;
    g.uuid = "GPU-30ad6183-8b71-2bb3-ac89-5528898394ec";
    g.index = 0;
    g.name = "NVIDIA H100 80GB HBM3";
    g.serial = "1652123456789";
    g.pci_bus_id = "00000000:18:00.0";
    g.compute_capability = "9.0";
    TestResult bf16;
    bf16.key = "gemm_bf16";
    bf16.status = TestStatus::passed;
    bf16.value = 700.0;
    bf16.unit = "TFLOP/s";
    bf16.precision = "BF16";
    bf16.metric = "gemm_flops";
    bf16.metric_help = "GPU GEMM throughput, FLOP/s.";
    bf16.metric_scale = 1e12;
    bf16.details = {{"m", 8192LL}, {"median_ms", 1.5707963}, {"check", std::string("exact")}, {"pending", false}};
    score(bf16, 794.0, "NVIDIA H100 80GB HBM3 BF16", Thresholds{});
    TestResult fp8 = bf16;
    fp8.key = "gemm_fp8";
    fp8.precision = "FP8";
    fp8.status = TestStatus::passed;
    fp8.baseline.reset();
    fp8.ratio.reset();
    fp8.details.clear();
    score(fp8, std::nullopt, "NVIDIA H100 80GB HBM3 FP8", Thresholds{});
    TestResult ecc;
    ecc.key = "nvml_ecc";
    ecc.unit = "errors";
    set_error(ecc, Status::error("line1\nline2\t\"quoted\" \\ back \x01 ctl \xC3\xA9 bad \xFF")
                       .classified(ErrorClass::environment, "NVML_ERROR_NO_PERMISSION"));
    TestResult xid;
    xid.key = "nvml_xid";
    xid.status = TestStatus::failed;
    xid.value = 3;
    xid.unit = "events";
    xid.metric = "xid_events";
    xid.metric_help = "Critical XID events NVML delivered during the run.";
    xid.reason = "hardware XID 79,48 during the run";
    xid.details = {{"xids", std::string("79,48,13")}, {"hardware_xids", std::string("79,48")},
                   {"application_xids", std::string("13")}, {"last_xid", 13LL}};
    TestResult link;
    link.key = "nvml_pcie_link";
    link.status = TestStatus::failed;
    link.value = 8;
    link.unit = "lanes";
    link.reason = "link trained at x8 of x16 (the SKU's)";
    link.details = {{"current_width", 8LL}, {"max_width", 16LL}, {"current_gen", 5LL}, {"max_gen", 5LL},
                    {"load_gen", 5LL}, {"load_width", 8LL}, {"expected_width", 16LL}, {"expected_gen", 5LL}};
    g.tests = {bf16, fp8, ecc, xid, link};
    r.gpus = {g};
    TestResult cpu;
    cpu.key = "cpu_memory_bandwidth";
    cpu.status = TestStatus::passed;
    cpu.value = 31.5;
    cpu.unit = "GB/s";
    cpu.metric = "cpu_memory_bandwidth_bytes_per_second";
    cpu.metric_help = "CPU triad bandwidth, bytes/s.";
    cpu.metric_scale = 1e9;
    score(cpu, std::nullopt, "CPU memory bandwidth", Thresholds{});
    r.cpu_tests = {cpu};
    finish_verdict(r, true);
    return r;
}

static void compare(const std::string& path, const std::string& actual) {
    if (std::getenv("GPU_PROBE_UPDATE_GOLDEN") != nullptr) {
        std::ofstream(path, std::ios::binary) << actual;
        return;
    }
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    if (ss.str() != actual) {
        std::fprintf(stderr, "golden mismatch: %s\n--- actual ---\n%s\n", path.c_str(), actual.c_str());
        ++testutil::failures();
    }
}

int main(int argc, char** argv) {
    EXPECT(argc == 2);
    const std::string dir = argv[1];
    RunReport r = fixture();
    compare(dir + "/report.json", report_to_json(r));
    compare(dir + "/report.prom", report_to_prometheus(r));
    // GPUs named by --gpus that the run could not see are listed, and only then.
    EXPECT(report_to_json(r).find("gpus_not_visible") == std::string::npos);
    r.gpus_not_visible = {"GPU-11111111-2222-3333-4444-555555555555"};
    EXPECT(report_to_json(r).find("\"gpus_not_visible\": [\n    \"GPU-11111111-2222-3333-4444-555555555555\"\n  ]") !=
           std::string::npos);
    // A broken driver's class and code, only when there is one.
    EXPECT(report_to_json(r).find("gpu_error") == std::string::npos);
    r.gpu_error = std::make_pair(std::string("hardware"), std::string("CUDA_ERROR_UNKNOWN"));
    EXPECT(report_to_json(r).find("\"gpu_error\": {\n    \"error_class\": \"hardware\",\n    \"error_code\": "
                                  "\"CUDA_ERROR_UNKNOWN\"\n  }") != std::string::npos);
    // Escaping details.
    EXPECT_EQ(JsonWriter::escape("a\"b\\c\n\x1f"), "\"a\\\"b\\\\c\\n\\u001f\"");
    EXPECT_EQ(JsonWriter::escape("\xE2\x86\x94"), "\"\xE2\x86\x94\"");      // valid UTF-8 passes through
    EXPECT_EQ(JsonWriter::escape("\xED\xA0\x80"), "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\"");  // surrogate rejected
    EXPECT_EQ(JsonWriter::number(0.1), "0.1");
    EXPECT_EQ(JsonWriter::number(1e300 * 1e10), "null");
    EXPECT_EQ(prom_escape_label("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
    JsonWriter w;
    w.begin_object().key("e").begin_array().end_array().key("o").begin_object().end_object().end_object();
    EXPECT_EQ(w.str(), "{\n  \"e\": [],\n  \"o\": {}\n}");
    return TEST_RESULT();
}
