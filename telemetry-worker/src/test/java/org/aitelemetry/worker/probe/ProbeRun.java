package org.aitelemetry.worker.probe;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.UUID;

/** A gpu-probe 1.1 report built test by test, for the verdict scenarios (acceptance.md 23–27). */
final class ProbeRun {

    private static final ObjectMapper JSON = new ObjectMapper();

    final UUID runId = UUID.randomUUID();
    private final ObjectNode report = JSON.createObjectNode();
    private final ArrayNode gpus;

    /** A run of the host that finished at {@code finishedAt}, a minute after it started. */
    ProbeRun(String hostname, Instant finishedAt) {
        report.put("schema_version", "1.1").put("probe_version", "0.2.0").put("run_id", runId.toString())
                .putNull("request_id").put("started_at", finishedAt.minusSeconds(60).toString())
                .put("finished_at", finishedAt.toString()).put("exit_code", 0);
        report.putObject("host").put("hostname", hostname);
        gpus = report.putArray("gpus");
    }

    /** Adds a GPU (an H100 with the given serial) and returns its tests object to fill. */
    ObjectNode gpu(String uuid, String serial) {
        ObjectNode gpu = gpus.addObject().put("uuid", uuid).put("index", gpus.size() - 1)
                .put("name", "NVIDIA H100 80GB HBM3").put("serial", serial);
        return gpu.putObject("tests");
    }

    /** gemm_bf16 scored against the static baseline of 794 TFLOP/s. */
    static ObjectNode gemm(ObjectNode tests, double tflops) {
        ObjectNode test = tests.putObject("gemm_bf16").put("value", tflops).put("unit", "TFLOP/s")
                .put("baseline", 794).put("ratio", tflops / 794);
        test.put("status", tflops >= 0.9 * 794 ? "passed" : tflops >= 0.75 * 794 ? "degraded" : "failed");
        return test;
    }

    /** A test with a status, a value and details. */
    static ObjectNode test(ObjectNode tests, String key, String status, Double value, String... details) {
        ObjectNode test = tests.putObject(key).put("status", status);
        if (value == null) {
            test.putNull("value");
        } else {
            test.put("value", value);
        }
        ObjectNode detail = test.putObject("details");
        for (int i = 0; i < details.length; i += 2) {
            detail.put(details[i], details[i + 1]);
        }
        return test;
    }

    String json() {
        return report.toString();
    }
}
