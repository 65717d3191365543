#include "bandwidth_report.h"

#include "cpu_probes.h"

namespace gpuprobe {

TestResult device_bandwidth_shell() {
    TestResult r;
    r.unit = "GB/s";
    r.metric = "device_memory_bandwidth_bytes_per_second";
    r.metric_help = "GPU device memory bandwidth, bytes/s (bytes read + written over the median event time).";
    r.metric_scale = 1e9;
    return r;
}

void report_device_bandwidth(TestResult& r, const ProbeContext& ctx, const std::string& product, double bytes_per_op,
                             const std::vector<double>& ms, long long mismatches) {
    const double med = median(ms);
    r.value = bytes_per_op / (med * 1e-3) / 1e9;
    r.details.emplace_back("median_ms", med);
    r.details.emplace_back("bytes_per_iteration", static_cast<long long>(bytes_per_op));
    r.details.emplace_back("mismatches", mismatches);
    if (mismatches > 0) {
        r.status = TestStatus::failed;
        r.reason = "result check failed on " + std::to_string(mismatches) + " sampled elements";
        return;
    }
    r.status = TestStatus::passed;
    score_with_catalogue(r, ctx, product, "device_memory_bandwidth");
    if (const Sku* sku = ctx.baselines.find(product); sku != nullptr && sku->memory_bandwidth_gbps) {
        r.details.emplace_back("datasheet_peak_gbps", *sku->memory_bandwidth_gbps);
        r.details.emplace_back("fraction_of_datasheet_peak", *r.value / *sku->memory_bandwidth_gbps);
    }
}

TestResult copy_bandwidth_shell(bool to_device) {
    TestResult r;
    r.unit = "GB/s";
    r.metric = to_device ? "host_to_device_bandwidth_bytes_per_second" : "device_to_host_bandwidth_bytes_per_second";
    r.metric_help = to_device ? "Host-to-device copy bandwidth from pinned memory, bytes/s (median)."
                              : "Device-to-host copy bandwidth into pinned memory, bytes/s (median).";
    r.metric_scale = 1e9;
    return r;
}

void report_copy_bandwidth(TestResult& r, const ProbeContext& ctx, const std::string& product, const std::string& key,
                           std::size_t bytes, const std::vector<double>& ms, const std::string& memory) {
    const double med = median(ms);
    r.value = static_cast<double>(bytes) / (med * 1e-3) / 1e9;
    r.details = {{"buffer_mib", static_cast<long long>(ctx.options.mem_size_mib)}, {"memory", memory},
                 {"median_ms", med}};
    r.status = TestStatus::passed;
    score_with_catalogue(r, ctx, product, key);
}

}  // namespace gpuprobe
