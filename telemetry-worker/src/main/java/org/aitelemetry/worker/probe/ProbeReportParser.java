package org.aitelemetry.worker.probe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import org.aitelemetry.worker.health.GpuTests;
import org.aitelemetry.worker.health.TestResult;
import org.aitelemetry.worker.health.TestStatus;
import org.aitelemetry.worker.json.StrictJson;
import org.aitelemetry.worker.json.StrictJsonException;

/**
 * Reads gpu-probe reports (contracts.md §6) leniently where scoring does not look (unknown fields, missing
 * informational ones) and strictly where it does: schema version 1.x, run id, times, hostname, GPU UUIDs, test statuses
 * and values. The body must be strict JSON that PostgreSQL can store as sent ({@link StrictJson}), as the run and its
 * GPUs' tests are kept as received. A refusal names the field.
 */
public final class ProbeReportParser {

    private static final Instant EARLIEST = Instant.parse("1970-01-01T00:00:00Z");
    private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59Z");
    private static final int MAX_NESTING = 32;
    private static final int MAX_HOSTNAME = 253;
    private static final int MAX_UUID = 64;
    private static final int MAX_TEST_KEY = 64;
    private static final int MAX_PROBE_VERSION = 64;
    private static final int MAX_NAME = 200;
    private static final int MAX_SERIAL = 64;
    private static final int MAX_DETAILS = 64;
    private static final int MAX_DETAIL = 256;

    private final StrictJson json = new StrictJson(MAX_NESTING);

    public ProbeReport parse(byte[] body) {
        JsonNode root = readTree(body);
        if (!root.isObject()) {
            throw new MalformedProbeReportException("body is not a JSON object");
        }
        String version = root.path("schema_version").asText("");
        if (!version.equals("1") && !version.startsWith("1.")) {
            throw new MalformedProbeReportException("unsupported schema_version '" + version + "', expected 1.x");
        }
        Instant started = instant(root, "started_at");
        Instant finished = instant(root, "finished_at");
        if (finished.isBefore(started)) {
            throw new MalformedProbeReportException("finished_at " + finished + " is before started_at " + started);
        }
        JsonNode probeVersion = root.path("probe_version");
        List<GpuReport> gpus = gpus(root.get("gpus"));
        return new ProbeReport(uuid(root, "run_id", true), uuid(root, "request_id", false),
                version, probeVersion.isTextual() ? cut(probeVersion.asText(), MAX_PROBE_VERSION) : null, started,
                finished, root.path("exit_code").isInt() ? root.get("exit_code").asInt() : null, hostname(root),
                gpus, withoutGpuTests(root));
    }

    /**
     * The report as {@code probe_run} keeps it: each GPU's tests are stored once, with its result
     * ({@code probe_result.tests}); storing them twice was most of the ingest's PostgreSQL time.
     */
    private static String withoutGpuTests(JsonNode root) {
        root.get("gpus").forEach(gpu -> ((ObjectNode) gpu).remove("tests"));
        return root.toString();
    }

    private JsonNode readTree(byte[] body) {
        try {
            return json.read(body);
        } catch (StrictJsonException e) {
            throw new MalformedProbeReportException(e.getMessage(), e);
        }
    }

    private static UUID uuid(JsonNode root, String field, boolean required) {
        JsonNode node = root.path(field);
        if (node.isMissingNode() || node.isNull()) {
            if (required) {
                throw new MalformedProbeReportException(field + " is required");
            }
            return null;
        }
        try {
            return UUID.fromString(node.asText());
        } catch (IllegalArgumentException e) {
            throw new MalformedProbeReportException(field + " is not a UUID: '" + node.asText() + "'", e);
        }
    }

    private static Instant instant(JsonNode root, String field) {
        JsonNode node = root.path(field);
        if (!node.isTextual()) {
            throw new MalformedProbeReportException(field + " is required (RFC 3339)");
        }
        Instant time;
        try {
            time = Instant.parse(node.asText());
        } catch (DateTimeException e) {
            throw new MalformedProbeReportException(field + " is not an RFC 3339 time: '" + node.asText() + "'", e);
        }
        if (time.isBefore(EARLIEST) || time.isAfter(LATEST)) {
            throw new MalformedProbeReportException(field + " is out of range (1970 to 9999): '" + node.asText() + "'");
        }
        return time;
    }

    private static String hostname(JsonNode root) {
        String hostname = root.path("host").path("hostname").asText("");
        if (hostname.isBlank() || hostname.length() > MAX_HOSTNAME) {
            throw new MalformedProbeReportException("host.hostname must be 1 to " + MAX_HOSTNAME + " characters");
        }
        return hostname;
    }

    private static List<GpuReport> gpus(JsonNode gpus) {
        if (gpus == null || !gpus.isArray()) {
            throw new MalformedProbeReportException("'gpus' must be an array (empty when the probe found no GPU)");
        }
        List<GpuReport> parsed = new ArrayList<>(gpus.size());
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < gpus.size(); i++) {
            GpuReport gpu = gpu(gpus.get(i), "gpus[" + i + "]");
            if (!seen.add(gpu.tests().uuid())) {
                throw new MalformedProbeReportException("gpus[" + i + "].uuid " + gpu.tests().uuid() + " appears twice");
            }
            parsed.add(gpu);
        }
        return parsed;
    }

    private static GpuReport gpu(JsonNode gpu, String where) {
        String uuid = gpu.path("uuid").asText("");
        if (uuid.isBlank() || uuid.length() > MAX_UUID) {
            throw new MalformedProbeReportException(where + ".uuid must be 1 to " + MAX_UUID + " characters");
        }
        JsonNode tests = gpu.get("tests");
        if (tests == null || !tests.isObject()) {
            throw new MalformedProbeReportException(where + ".tests must be an object");
        }
        List<TestResult> results = new ArrayList<>();
        for (Map.Entry<String, JsonNode> test : tests.properties()) {
            results.add(test(test.getKey(), test.getValue(), where + ".tests." + test.getKey()));
        }
        return new GpuReport(new GpuTests(uuid, text(gpu, "name", MAX_NAME), text(gpu, "serial", MAX_SERIAL), results),
                tests.toString());
    }

    private static TestResult test(String key, JsonNode test, String where) {
        if (key.isEmpty() || key.length() > MAX_TEST_KEY) {
            throw new MalformedProbeReportException(where + ": test keys must be 1 to " + MAX_TEST_KEY + " characters");
        }
        String status = test.path("status").asText("");
        TestStatus parsed;
        try {
            parsed = TestStatus.valueOf(status.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new MalformedProbeReportException(where + ".status must be passed, degraded, failed, waived or error,"
                    + " not '" + status + "'", e);
        }
        JsonNode value = test.path("value");
        if (!value.isMissingNode() && !value.isNull() && !(value.isNumber() && Double.isFinite(value.asDouble()))) {
            throw new MalformedProbeReportException(where + ".value must be a number a double can hold, or null");
        }
        JsonNode reason = test.path("reason");
        return new TestResult(key, parsed, value.isNumber() ? value.asDouble() : null,
                reason.isTextual() ? reason.asText() : null, test.path("baseline").isNumber(), details(test));
    }

    /** The test's scalar details as text (numbers, booleans, strings); nested values are not evidence and are skipped. */
    private static Map<String, String> details(JsonNode test) {
        Map<String, String> details = new TreeMap<>();
        for (Map.Entry<String, JsonNode> detail : test.path("details").properties()) {
            if (detail.getValue().isValueNode() && !detail.getValue().isNull() && details.size() < MAX_DETAILS) {
                details.put(cut(detail.getKey(), MAX_TEST_KEY), cut(detail.getValue().asText(), MAX_DETAIL));
            }
        }
        return details;
    }

    /** A non-blank string field, cut to width; null when absent or blank. */
    private static String text(JsonNode node, String field, int width) {
        JsonNode value = node.path(field);
        return value.isTextual() && !value.asText().isBlank() ? cut(value.asText(), width) : null;
    }

    private static String cut(String text, int width) {
        return text.length() > width ? text.substring(0, width) : text;
    }
}
