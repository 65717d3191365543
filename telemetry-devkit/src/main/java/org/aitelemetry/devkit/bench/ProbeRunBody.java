package org.aitelemetry.devkit.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * gpu-probe reports (contracts.md §6, schema 1.1) for an H100 node, shaped like the probe's golden report: every GEMM
 * precision with its result check, device memory and host↔device bandwidth, and the NVML snapshot, each figure a
 * little noisy around the SKU's achievable one. A failed run carries hard evidence on GPU 0: uncorrected volatile ECC
 * errors and XID 79 (fallen off the bus). Not thread-safe: one per load thread.
 */
final class ProbeRunBody {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long RUN_SECONDS = 90;

    /** Test key, precision (null for bandwidths), unit and achievable figure of each performance test. */
    private record Performance(String key, String precision, String unit, double achievable) {
    }

    private static final List<Performance> PERFORMANCE = List.of(
            new Performance("gemm_fp64", "FP64", "TFLOP/s", 52),
            new Performance("gemm_fp32", "FP32", "TFLOP/s", 51),
            new Performance("gemm_tf32", "TF32", "TFLOP/s", 378),
            new Performance("gemm_bf16", "BF16", "TFLOP/s", 794),
            new Performance("gemm_fp16", "FP16", "TFLOP/s", 794),
            new Performance("gemm_fp8", "FP8", "TFLOP/s", 1450),
            new Performance("device_memory_bandwidth", null, "GB/s", 2900),
            new Performance("h2d_bandwidth", null, "GB/s", 53),
            new Performance("d2h_bandwidth", null, "GB/s", 53));

    private final SplittableRandom random;

    ProbeRunBody(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** The report of one run of every GPU of a host, finished now. */
    String report(String host, List<HealthFleet.Gpu> gpus, UUID runId, boolean failed) {
        Instant finished = Instant.now();
        ObjectNode report = JSON.createObjectNode().put("schema_version", "1.1").put("probe_version", "0.2.0")
                .put("run_id", runId.toString()).putNull("request_id")
                .put("started_at", finished.minusSeconds(RUN_SECONDS).toString())
                .put("finished_at", finished.toString())
                .put("duration_seconds", RUN_SECONDS).put("verdict", failed ? "failed" : "healthy")
                .put("exit_code", failed ? 1 : 0);
        report.putObject("host").put("hostname", host).put("kernel", "Linux 6.8.0").put("os", "Ubuntu 24.04 LTS")
                .put("driver", "580.65.06").put("cuda", "13.0").put("cpu_model", "AMD EPYC 9654")
                .put("logical_cpus", 192);
        report.putObject("scoring").put("pass_ratio", 0.9).put("degraded_ratio", 0.75).put("baselines", "embedded");
        report.put("gpu_status", "ok");
        for (HealthFleet.Gpu gpu : gpus) {
            report.withArray("gpus").add(gpu(gpu, failed && gpu.index() == 0));
        }
        ObjectNode cpu = report.putObject("cpu").put("verdict", "healthy").putObject("tests");
        test(cpu, "cpu_gemm_fp32", "passed", noisy(2900), "GFLOP/s", 2900);
        test(cpu, "cpu_memory_bandwidth", "passed", noisy(310), "GB/s", 310);
        try {
            return JSON.writeValueAsString(report);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode a probe report", e);
        }
    }

    private ObjectNode gpu(HealthFleet.Gpu gpu, boolean failed) {
        ObjectNode node = JSON.createObjectNode().put("uuid", gpu.uuid()).put("index", gpu.index())
                .put("name", HealthFleet.PRODUCT).put("serial", gpu.serial()).put("pci_bus_id", gpu.pciBusId())
                .put("compute_capability", "9.0").put("verdict", failed ? "failed" : "healthy");
        ObjectNode tests = node.putObject("tests");
        for (Performance test : PERFORMANCE) {
            double value = noisy(test.achievable());
            ObjectNode result = test(tests, test.key(), "passed", value, test.unit(), test.achievable());
            ObjectNode details = result.putObject("details").put("median_ms", 1.2 + random.nextDouble(0.1))
                    .put("mismatches", 0);
            if (test.precision() != null) {
                result.put("precision", test.precision());
                details.put("m", 8192).put("n", 8192).put("k", 8192).put("checked_entries", 4096)
                        .put("check", "exact integers in [-2,2], sampled entries vs host reference");
            }
        }
        nvml(tests, failed);
        return node;
    }

    private void nvml(ObjectNode tests, boolean failed) {
        double temperature = 38 + random.nextDouble(10);
        test(tests, "nvml_temperature", "passed", temperature, "celsius", null).putObject("details")
                .put("slowdown_threshold_celsius", 87);
        test(tests, "nvml_power", "passed", 300 + random.nextDouble(100), "W", null).putObject("details")
                .put("power_limit_watts", 700.0);
        test(tests, "nvml_clocks", "passed", 1980, "MHz", null).putObject("details").put("sm_clock_mhz", 1980)
                .put("memory_clock_mhz", 2619).put("sm_clock_max_mhz", 1980).put("memory_clock_max_mhz", 2619);
        test(tests, "nvml_throttle_reasons", "passed", 0, "mask", null).putObject("details").put("reasons", "none");
        test(tests, "nvml_remapped_rows", "passed", 0, "rows", null).putObject("details").put("correctable_rows", 0)
                .put("uncorrectable_rows", 0).put("pending", false).put("failed", false);
        test(tests, "nvml_pcie_link", "passed", 16, "lanes", null).putObject("details").put("current_width", 16)
                .put("max_width", 16).put("current_gen", 5).put("max_gen", 5);
        int uncorrected = failed ? 2 : 0;
        test(tests, "nvml_ecc", failed ? "failed" : "passed", uncorrected, "errors", null)
                .put("reason", failed ? uncorrected + " uncorrected ECC errors since the driver loaded" : null)
                .putObject("details").put("volatile_corrected", 0).put("volatile_uncorrected", uncorrected)
                .put("aggregate_corrected", 0).put("aggregate_uncorrected", uncorrected);
        ObjectNode xid = test(tests, "nvml_xid", failed ? "failed" : "passed", failed ? 1 : 0, "events", null)
                .put("reason", failed ? "1 critical XID event(s) during the run, last XID 79" : null)
                .putObject("details")
                .put("window", "from GPU open to this test; earlier XIDs are only in the kernel log");
        if (failed) {
            xid.put("xids", "79").put("last_xid", 79);
        }
    }

    private static ObjectNode test(ObjectNode tests, String key, String status, double value, String unit,
            Number baseline) {
        ObjectNode test = tests.putObject(key).put("status", status).put("value", value).put("unit", unit);
        if (baseline == null) {
            test.putNull("baseline").putNull("ratio");
        } else {
            test.put("baseline", baseline.doubleValue()).put("ratio", value / baseline.doubleValue());
        }
        return test.putNull("reason");
    }

    /** A passing figure: 93 % to 101 % of the achievable one. */
    private double noisy(double achievable) {
        return achievable * (0.93 + random.nextDouble(0.08));
    }
}
