package org.aitelemetry.worker.statement;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * A statement as one self-contained HTML document (inline style only, as mail clients show it). Every text from data
 * (titles, namespaces, names, nodes, GPUs) is escaped: project titles are written by the projects' users.
 */
final class StatementHtml {

    private final StringBuilder html = new StringBuilder();

    private StatementHtml() {
    }

    static String render(Statement statement) {
        return new StatementHtml().document(statement);
    }

    /** Escapes text for element content and quoted attribute values. */
    static String escape(String text) {
        StringBuilder escaped = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            switch (ch) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> escaped.append(ch);
            }
        }
        return escaped.toString();
    }

    private String document(Statement statement) {
        Figures totals = statement.totals();
        String currency = statement.currency();
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(escape(statement.title())).append(" – ").append(escape(statement.period().label()))
                .append("</title></head>\n<body style=\"font-family:sans-serif\">\n<h1>")
                .append(escape(statement.title())).append("</h1>\n<p>GPU usage statement, ")
                .append(escape(Format.period(statement.period()))).append(". Amounts in ").append(escape(currency))
                .append(".</p>\n<table>\n");
        row("Allocated GPU-hours", Format.quantity(totals.allocatedGpuHours()));
        row("Used GPU-hours (utilization-weighted)", Format.quantity(totals.usedGpuHours()));
        row("Idle GPU-hours", Format.quantity(totals.idleGpuHours()));
        row("Of the allocated, GPU-hours in VMs (allocation-based)", Format.quantity(totals.unmeteredGpuHours()));
        row("Efficiency (used / allocated, VM hours aside)", Format.percent(totals.efficiency()));
        row("Energy (kWh)", Format.quantity(totals.energyKwh()));
        row("Cost, allocation basis", Format.money(totals.allocationCost()));
        row("Cost, usage basis", Format.money(totals.usageCost()));
        row("Cost of idle GPU-hours", Format.money(totals.idleCost()));
        row("Health credit", Format.money(statement.healthCredit()));
        row("Allocation basis less health credit",
                Format.money(totals.allocationCost().subtract(statement.healthCredit()).max(BigDecimal.ZERO)));
        html.append("</table>\n");
        lines(statement);
        credits(statement);
        idleNotices(statement);
        html.append("<p style=\"font-size:smaller\">Allocation basis: GPU-hours held, at the price per GPU-hour in "
                + "force in each hour; usage basis: the same hours weighted by utilization. Both include the energy. "
                + "GPUs passed through to virtual machines report no utilization: their hours are allocation-based, "
                + "priced by allocation on both bases and left out of the efficiency. "
                + "A health credit returns the time a project spent on a GPU shortly before the GPU was found "
                + "FAILED. An idle-GPU notice told a project that it held GPUs idle for hours; its cost wasted is the "
                + "allocation cost of those idle hours, already part of the idle cost above.</p>\n</body></html>\n");
        return html.toString();
    }

    private void lines(Statement statement) {
        html.append("<h2>Projects</h2>\n");
        if (statement.lines().isEmpty()) {
            html.append("<p>No project used GPUs in this period.</p>\n");
            return;
        }
        html.append("<table border=\"1\" cellpadding=\"4\" style=\"border-collapse:collapse\">\n<tr><th>Cluster</th>"
                + "<th>Namespace</th><th>Project</th><th>PI</th><th>Allocation</th><th>Allocated GPU-h</th>"
                + "<th>Used GPU-h</th><th>Idle GPU-h</th><th>VM GPU-h</th>"
                + "<th>Efficiency</th><th>kWh</th><th>Cost (allocation)</th><th>Cost (usage)</th><th>Idle cost</th>"
                + "</tr>\n");
        for (ProjectLine line : statement.lines()) {
            Figures figures = line.figures();
            html.append("<tr>");
            cells(line.clusterName(), line.namespace(), line.title() + stateNote(line.state()),
                    line.pi() == null ? "" : line.pi(), line.allocationId() == null ? "" : line.allocationId());
            cells(Format.quantity(figures.allocatedGpuHours()), Format.quantity(figures.usedGpuHours()),
                    Format.quantity(figures.idleGpuHours()), Format.quantity(figures.unmeteredGpuHours()),
                    Format.percent(figures.efficiency()), Format.quantity(figures.energyKwh()),
                    Format.money(figures.allocationCost()), Format.money(figures.usageCost()),
                    Format.money(figures.idleCost()));
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }

    private void credits(Statement statement) {
        if (statement.credits().isEmpty()) {
            return;
        }
        html.append("<h2>Health credits</h2>\n<table border=\"1\" cellpadding=\"4\" style=\"border-collapse:collapse\">"
                + "\n<tr><th>Project</th><th>GPU</th><th>Node</th><th>Found FAILED</th><th>Hours</th><th>Credit</th>"
                + "</tr>\n");
        for (HealthCredit credit : statement.credits()) {
            html.append("<tr>");
            cells(statement.lineOf(credit).key(), credit.gpuUuid(), credit.node() == null ? "" : credit.node(),
                    Format.time(credit.failedAt()), Format.quantity(credit.hours()), Format.money(credit.amount()));
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }

    private void idleNotices(Statement statement) {
        html.append("<h2>Idle-GPU notices</h2>\n");
        if (statement.idleNotices().isEmpty()) {
            html.append("<p>No idle-GPU notice in this period.</p>\n");
            return;
        }
        html.append("<table border=\"1\" cellpadding=\"4\" style=\"border-collapse:collapse\">\n<tr><th>Noticed</th>"
                + "<th>Project</th><th>GPUs</th><th>Idle from</th><th>Until</th><th>Idle GPU-h</th>"
                + "<th>Cost wasted</th></tr>\n");
        for (IdleNoticeLine notice : statement.idleNotices()) {
            html.append("<tr>");
            cells(Format.time(notice.noticedAt()), notice.key(), String.join(", ", notice.gpus()),
                    Format.time(notice.idleFrom()), Format.time(notice.idleUntil()),
                    Format.quantity(notice.idleGpuHours()),
                    Format.money(notice.costWasted()) + " " + notice.currency());
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }

    private void row(String label, String value) {
        html.append("<tr><th style=\"text-align:left\">").append(escape(label)).append("</th><td>")
                .append(escape(value)).append("</td></tr>\n");
    }

    private void cells(String... values) {
        for (String value : values) {
            html.append("<td>").append(escape(value)).append("</td>");
        }
    }

    private static String stateNote(String state) {
        return switch (state) {
            case "PRESENT" -> "";
            case "GONE" -> " (deleted)";
            default -> " (" + state.toLowerCase(Locale.ROOT) + ")";
        };
    }
}
