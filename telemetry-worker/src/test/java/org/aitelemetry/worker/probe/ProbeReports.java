package org.aitelemetry.worker.probe;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.UUID;

/** gpu-probe reports for tests: the probe's golden report, and reports shaped like it with chosen GPUs and figures. */
final class ProbeReports {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The golden report's day; runs are dated yesterday, as the worker refuses runs from the future or long ago. */
    private static final String GOLDEN_DAY = "2026-01-31";
    static final String DAY = LocalDate.now(ZoneOffset.UTC).minusDays(1).toString();
    /** Midnight yesterday: a start time for a series of runs an hour apart. */
    static final Instant YESTERDAY = Instant.parse(DAY + "T00:00:00Z");

    private ProbeReports() {
    }

    /**
     * {@code gpu-probe/tests/golden/report.json} dated {@link #DAY}: host {@code node-"7"}, one H100 below its
     * baseline whose ECC counters could not be read.
     */
    static String golden() {
        try (InputStream in = ProbeReports.class.getResourceAsStream("/probe/golden-report.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace(GOLDEN_DAY, DAY);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The golden report on another host and run, whose GPUs (by UUID) passed gemm_bf16 with the given TFLOP/s. */
    static String bf16(String hostname, UUID runId, Instant startedAt, Map<String, Double> tflopsByUuid) {
        try {
            ObjectNode report = (ObjectNode) JSON.readTree(golden());
            report.put("run_id", runId.toString()).put("started_at", startedAt.toString())
                    .put("finished_at", startedAt.plusSeconds(60).toString());
            ((ObjectNode) report.get("host")).put("hostname", hostname);
            ObjectNode template = (ObjectNode) report.get("gpus").get(0);
            ArrayNode gpus = report.putArray("gpus");
            int index = 0;
            for (Map.Entry<String, Double> gpu : tflopsByUuid.entrySet()) {
                ObjectNode copy = template.deepCopy().put("uuid", gpu.getKey()).put("index", index++)
                        .put("verdict", "healthy");
                ObjectNode test = copy.putObject("tests").putObject("gemm_bf16");
                test.put("status", "passed").put("value", gpu.getValue()).put("unit", "TFLOP/s").put("baseline", 794)
                        .put("ratio", gpu.getValue() / 794).putNull("reason");
                gpus.add(copy);
            }
            return JSON.writeValueAsString(report);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
