package org.aitelemetry.site.health;

import static org.aitelemetry.site.health.MarkdownText.header;
import static org.aitelemetry.site.health.MarkdownText.row;

import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.aitelemetry.site.health.HealthBundle.BoardHistory;
import org.aitelemetry.site.health.HealthBundle.Failure;
import org.aitelemetry.site.health.HealthBundle.FleetComparison;
import org.aitelemetry.site.health.HealthBundle.Gpu;
import org.aitelemetry.site.health.HealthBundle.RunSummary;
import org.aitelemetry.site.health.HealthBundle.Sibling;
import org.aitelemetry.site.health.HealthBundle.XidReport;

/**
 * A bundle as Markdown for a ticket: the same sections as the JSON, every value from the fleet or the probe through
 * {@link MarkdownText}, so nothing a probe reported can inject markup into the ticket.
 */
final class HealthBundleMarkdown {

    private static final List<String> TEST_FIELDS = List.of("status", "value", "unit", "baseline", "ratio", "reason");

    private HealthBundleMarkdown() {
    }

    static String of(HealthBundle bundle) {
        Gpu gpu = bundle.gpu();
        StringBuilder md = new StringBuilder();
        md.append("# GPU health evidence: ").append(MarkdownText.of(gpu.uuid())).append("\n\n")
                .append("Generated ").append(bundle.generatedAt()).append(" by AI Telemetry.\n\n");
        md.append("## GPU\n\n").append(header("Field", "Value"))
                .append(row("UUID", gpu.uuid())).append(row("Serial", gpu.serial()))
                .append(row("Product", gpu.product())).append(row("Cluster", gpu.cluster()))
                .append(row("Node", gpu.node())).append(row("Index", gpu.index())).append('\n');
        verdict(md, bundle.health());
        latestRun(md, bundle);
        xids(md, bundle.xids());
        siblings(md, bundle);
        fleet(md, bundle.fleet());
        runs(md, bundle.runs());
        board(md, bundle.board());
        return md.toString();
    }

    private static void verdict(StringBuilder md, DeviceHealthNow health) {
        md.append("## Verdict: ").append(MarkdownText.of(health.verdict())).append("\n\n")
                .append(MarkdownText.of(health.meaning())).append("\n\n")
                .append("Reason: ").append(MarkdownText.of(health.reason())).append(" (since ")
                .append(MarkdownText.of(health.at())).append(")\n\n");
        if (health.recovery() != null) {
            md.append("Recovery: ").append(health.recovery().cleanRuns()).append(" of ")
                    .append(health.recovery().needed()).append(" clean runs.\n\n");
        }
        md.append("### Evidence\n\n").append(header("Severity", "Kind", "Test", "Summary"));
        health.evidence().forEach(item -> md.append(row(item.severity(), item.kind(), item.test(), item.summary())));
        md.append("\n### Advice\n\n").append(header("Action", "What to do", "Because"));
        health.advice().forEach(item -> md.append(row(item.action(), item.summary(), String.join(", ",
                item.because()))));
        md.append('\n');
    }

    private static void latestRun(StringBuilder md, HealthBundle bundle) {
        md.append("## Latest run\n\n");
        if (bundle.latestRun() == null) {
            md.append("gpu-probe has not tested this GPU yet.\n\n");
            return;
        }
        md.append("Run ").append(bundle.latestRun().runId()).append(", finished ").append(bundle.latestRun().at())
                .append(", verdict ").append(MarkdownText.of(bundle.latestRun().verdict())).append(".\n\n");
        testTable(md, bundle.latestRun().tests(), false);
        md.append("### NVML snapshot\n\n");
        testTable(md, bundle.nvml(), true);
    }

    private static void testTable(StringBuilder md, Map<String, Object> tests, boolean nvml) {
        md.append(header("Test", "Status", "Value", "Unit", "Baseline", "Ratio", "Reason"));
        new TreeMap<>(tests).forEach((test, result) -> {
            if (nvml || !test.startsWith(HealthBundleAssembly.NVML_PREFIX)) {
                List<Object> cells = new ArrayList<>(List.of(test));
                TEST_FIELDS.forEach(field -> cells.add(field(result, field)));
                md.append(row(cells.toArray()));
            }
        });
        md.append('\n');
    }

    private static void xids(StringBuilder md, List<XidReport> xids) {
        md.append("## XID history\n\nAs the NVML snapshot of the last ").append(HealthBundleQueries.RUNS)
                .append(" runs reported them; the board's failures are under \"Board history\".\n\n")
                .append(header("Run finished", "Run", "XIDs"));
        xids.forEach(xid -> md.append(row(xid.at(), xid.runId(), xid.xid())));
        md.append('\n');
    }

    private static void siblings(StringBuilder md, HealthBundle bundle) {
        md.append("## Siblings in the latest run\n\n");
        TreeSet<String> tests = new TreeSet<>();
        bundle.siblings().forEach(sibling -> tests.addAll(sibling.values().keySet()));
        List<String> columns = new ArrayList<>(List.of("GPU", "Verdict"));
        tests.forEach(test -> columns.add(MarkdownText.of(test)));
        md.append(header(columns.toArray(String[]::new)));
        Map<String, Object> own = bundle.latestRun() == null ? Map.of() : bundle.latestRun().tests();
        List<Object> self = new ArrayList<>(List.of("this GPU", bundle.latestRun() == null ? "–"
                : bundle.latestRun().verdict()));
        tests.forEach(test -> self.add(HealthBundleAssembly.value(own, test)));
        md.append(row(self.toArray()));
        for (Sibling sibling : bundle.siblings()) {
            List<Object> cells = new ArrayList<>(List.of(sibling.uuid(), sibling.verdict()));
            tests.forEach(test -> cells.add(sibling.values().get(test)));
            md.append(row(cells.toArray()));
        }
        md.append('\n');
    }

    private static void fleet(StringBuilder md, List<FleetComparison> fleet) {
        md.append("## Fleet comparison\n\n")
                .append(header("Test", "Fleet median", "MAD", "Samples", "Computed", "This GPU", "Ratio to median"));
        fleet.forEach(line -> md.append(row(line.test(), line.median(), line.mad(), line.samples(),
                line.computedAt(), line.value(), line.ratio() == null ? null : Math.round(line.ratio() * 1000)
                        / 1000.0)));
        md.append('\n');
    }

    private static void runs(StringBuilder md, List<RunSummary> runs) {
        md.append("## Last runs\n\n").append(header("Finished", "Run", "Verdict", "Evidence"));
        runs.forEach(run -> md.append(row(run.at(), run.runId(), run.verdict(), String.join("; ", run.evidence()))));
        md.append('\n');
    }

    private static void board(StringBuilder md, BoardHistory board) {
        md.append("## Board history\n\nBoard ").append(MarkdownText.of(board.board())).append(": ")
                .append(board.failuresLast30Days()).append(" failures in the last 30 days")
                .append(board.repeatOffender() ? " — **repeat offender**.\n\n" : ".\n\n")
                .append(header("Failed", "GPU", "Cluster", "Node", "Run", "Evidence"));
        for (Failure failure : board.failures()) {
            md.append(row(failure.at(), failure.gpuUuid(), failure.cluster(), failure.node(), failure.runId(),
                    String.join("; ", failure.evidence().stream().map(HealthEvidence::summary).toList())));
        }
        md.append('\n');
    }

    private static Object field(Object result, String field) {
        if (result instanceof JsonObject json) {
            return json.getValue(field);
        }
        return result instanceof Map<?, ?> map ? map.get(field) : (field.equals("value") ? result : null);
    }
}
