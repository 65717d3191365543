package org.aitelemetry.site.health;

import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.aitelemetry.site.health.HealthBundle.BoardHistory;
import org.aitelemetry.site.health.HealthBundle.Failure;
import org.aitelemetry.site.health.HealthBundle.FleetComparison;
import org.aitelemetry.site.health.HealthBundle.Gpu;
import org.aitelemetry.site.health.HealthBundle.LatestRun;
import org.aitelemetry.site.health.HealthBundle.RunSummary;
import org.aitelemetry.site.health.HealthBundle.Sibling;
import org.aitelemetry.site.health.HealthBundle.XidReport;

/** Builds a bundle from the rows {@link HealthBundleQueries} read: no I/O, so each part is plain to test. */
final class HealthBundleAssembly {

    /** The NVML snapshot's tests are the probe's {@code nvml_*} entries; {@code nvml_xid} holds the XIDs. */
    static final String NVML_PREFIX = "nvml_";
    static final String XID_TEST = "nvml_xid";
    /** A board that failed this often within the window is a repeat offender (issue 16; the worker advises RMA). */
    static final int REPEAT_FAILURES = 2;
    static final Duration REPEAT_WINDOW = Duration.ofDays(30);

    /** One of the GPU's runs; {@code runKey} is the run's row id, for its siblings. */
    record RunRow(long runKey, UUID runId, OffsetDateTime at, String verdict, List<HealthEvidence> evidence,
            Map<String, Object> tests) {
    }

    record SiblingRow(String uuid, String verdict, Map<String, Object> tests) {
    }

    record BaselineRow(String test, double median, double mad, int samples, OffsetDateTime computedAt) {
    }

    private HealthBundleAssembly() {
    }

    static HealthBundle assemble(OffsetDateTime now, Gpu gpu, DeviceHealthNow health, List<RunRow> runs,
            List<SiblingRow> siblings, List<BaselineRow> baselines, String board, List<Failure> failures) {
        RunRow latest = runs.isEmpty() ? null : runs.get(0);
        Map<String, Object> tests = latest == null ? Map.of() : latest.tests();
        return new HealthBundle(now, gpu, health,
                latest == null ? null : new LatestRun(latest.runId(), latest.at(), latest.verdict(), latest.tests()),
                nvml(tests), xids(runs), siblings(tests, siblings), fleet(tests, baselines), summaries(runs),
                board(now, board, failures));
    }

    static Map<String, Object> nvml(Map<String, Object> tests) {
        Map<String, Object> nvml = new TreeMap<>();
        tests.forEach((test, result) -> {
            if (test.startsWith(NVML_PREFIX)) {
                nvml.put(test, result);
            }
        });
        return nvml;
    }

    static List<XidReport> xids(List<RunRow> runs) {
        return runs.stream().filter(run -> run.tests().get(XID_TEST) != null)
                .map(run -> new XidReport(run.runId(), run.at(), run.tests().get(XID_TEST))).toList();
    }

    /** Each sibling's values for the tests this GPU ran and that have a figure. */
    static List<Sibling> siblings(Map<String, Object> tests, List<SiblingRow> siblings) {
        return siblings.stream().map(sibling -> {
            Map<String, Double> values = new LinkedHashMap<>();
            new TreeMap<>(tests).keySet().forEach(test -> {
                Double value = value(sibling.tests(), test);
                if (value != null) {
                    values.put(test, value);
                }
            });
            return new Sibling(sibling.uuid(), sibling.verdict(), values);
        }).toList();
    }

    static List<FleetComparison> fleet(Map<String, Object> tests, List<BaselineRow> baselines) {
        return baselines.stream().map(baseline -> {
            Double value = value(tests, baseline.test());
            Double ratio = value == null || baseline.median() == 0 ? null : value / baseline.median();
            return new FleetComparison(baseline.test(), baseline.median(), baseline.mad(), baseline.samples(),
                    baseline.computedAt(), value, ratio);
        }).toList();
    }

    static List<RunSummary> summaries(List<RunRow> runs) {
        return runs.stream().map(run -> new RunSummary(run.runId(), run.at(), run.verdict(),
                run.evidence().stream().map(HealthEvidence::summary).toList())).toList();
    }

    static BoardHistory board(OffsetDateTime now, String board, List<Failure> failures) {
        OffsetDateTime since = now.minus(REPEAT_WINDOW);
        int recent = (int) failures.stream().filter(failure -> failure.at().isAfter(since)).count();
        return new BoardHistory(board, failures, recent, recent >= REPEAT_FAILURES);
    }

    /** A test's numeric {@code value}, or null when it has none (a nested result may still be a JsonObject). */
    static Double value(Map<String, Object> tests, String test) {
        Object result = tests.get(test);
        Object value = result instanceof JsonObject json ? json.getValue("value")
                : result instanceof Map<?, ?> map ? map.get("value") : null;
        return value instanceof Number number ? number.doubleValue() : null;
    }
}
