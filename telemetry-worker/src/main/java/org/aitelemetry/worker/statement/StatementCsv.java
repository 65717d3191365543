package org.aitelemetry.worker.statement;

import java.util.ArrayList;
import java.util.List;
import org.aitelemetry.worker.csv.CsvFile;

/**
 * A statement as CSV (RFC 4180, CRLF): a header, one {@code PROJECT} record per project and cluster, one
 * {@code CREDIT} record per health credit (both with the project's PI, institution and allocation), one {@code IDLE}
 * record per idle-GPU notice (its GPUs in {@code gpu_uuid}, separated by "; "). {@code unmetered_gpu_hours}: the part of
 * a project's allocated GPU-hours spent in VMs, allocation-based. Text cells a spreadsheet would read as
 * a formula (a project title such as {@code =HYPERLINK(…)}) are written with a leading apostrophe.
 */
final class StatementCsv {

    static final List<String> HEADER = List.of("record", "cluster", "namespace", "title", "state",
            "allocated_gpu_hours", "used_gpu_hours", "idle_gpu_hours", "efficiency", "energy_kwh",
            "cost_allocation_basis", "cost_usage_basis", "idle_cost", "currency", "gpu_uuid", "node", "failed_at",
            "credit_hours", "health_credit", "noticed_at", "idle_from", "idle_until", "cost_wasted", "pi",
            "institution", "allocation_id", "unmetered_gpu_hours");
    private static final String CRLF = "\r\n";

    private StatementCsv() {
    }

    static String render(Statement statement) {
        StringBuilder csv = new StringBuilder(CsvFile.line(HEADER)).append(CRLF);
        for (ProjectLine line : statement.lines()) {
            Figures figures = line.figures();
            List<String> cells = project("PROJECT", line);
            cells.addAll(List.of(Format.exact(figures.allocatedGpuHours()), Format.exact(figures.usedGpuHours()),
                    Format.exact(figures.idleGpuHours()),
                    figures.efficiency() == null ? "" : Format.exact(figures.efficiency()),
                    Format.exact(figures.energyKwh()), Format.exactMoney(figures.allocationCost()),
                    Format.exactMoney(figures.usageCost()), Format.exactMoney(figures.idleCost()),
                    text(statement.currency()), "", "", "", "", "", "", "", "", ""));
            cells.addAll(owner(line));
            cells.add(Format.exact(figures.unmeteredGpuHours()));
            csv.append(CsvFile.line(cells)).append(CRLF);
        }
        for (HealthCredit credit : statement.credits()) {
            List<String> cells = project("CREDIT", statement.lineOf(credit));
            cells.addAll(List.of("", "", "", "", "", "", "", "", text(statement.currency()), text(credit.gpuUuid()),
                    text(credit.node()), credit.failedAt().toString(),
                    Format.exact(credit.hours()), Format.exactMoney(credit.amount()), "", "", "", ""));
            cells.addAll(owner(statement.lineOf(credit)));
            cells.add("");
            csv.append(CsvFile.line(cells)).append(CRLF);
        }
        for (IdleNoticeLine notice : statement.idleNotices()) {
            // Its project as noticed: the project may have no line (deleted) or a new title since.
            csv.append(CsvFile.line(List.of("IDLE", text(notice.clusterName()), text(notice.namespace()), "", "", "",
                    "", Format.exact(notice.idleGpuHours()), "", "", "", "", "", text(notice.currency()),
                    text(String.join("; ", notice.gpus())), "", "", "", "", notice.noticedAt().toString(),
                    notice.idleFrom().toString(), notice.idleUntil().toString(),
                    Format.exactMoney(notice.costWasted()), "", "", "", ""))).append(CRLF);
        }
        return csv.toString();
    }

    private static List<String> project(String record, ProjectLine line) {
        return new ArrayList<>(List.of(record, text(line.clusterName()), text(line.namespace()), text(line.title()),
                line.state()));
    }

    /** The project's PI, institution and allocation, empty where its namespace does not say them. */
    private static List<String> owner(ProjectLine line) {
        return List.of(text(line.pi()), text(line.institution()), text(line.allocationId()));
    }

    /**
     * Defuses formula injection: a cell starting with = + - @ or a control character is read as text. Nothing (null)
     * is an empty cell.
     */
    static String text(String value) {
        if (value == null) {
            return "";
        }
        return !value.isEmpty() && "=+-@\t\r".indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
    }
}
