package org.aitelemetry.worker.statement;

import org.aitelemetry.worker.mail.OutgoingMail;

/**
 * The message that carries a statement: its HTML as the body, a plain summary as the text alternative, its CSV
 * attached. Its dedupe key follows from the statement's id, so a statement is enqueued once and every retry of its
 * message carries the same Message-ID ({@link OutgoingMail}).
 */
final class StatementMail {

    static final String CSV_TYPE = "text/csv; charset=utf-8";
    /** mail_outbox.subject */
    private static final int MAX_SUBJECT = 400;

    private StatementMail() {
    }

    static OutgoingMail of(long statementId, Statement statement, String html, String csv) {
        String subject = "GPU usage statement: " + oneLine(statement.title()) + ", " + statement.period().label();
        if (subject.length() > MAX_SUBJECT) {
            subject = subject.substring(0, MAX_SUBJECT - 1) + "…";
        }
        return new OutgoingMail("statement:" + statementId, statement.recipients(), subject, html, text(statement),
                "gpu-statement-" + statement.period().code() + ".csv", CSV_TYPE, csv);
    }

    /** The text alternative: the totals; the figures per project are in the HTML and the CSV. */
    static String text(Statement statement) {
        Figures totals = statement.totals();
        String currency = statement.currency();
        return statement.title() + "\n"
                + "GPU usage statement, " + Format.period(statement.period()) + "\n\n"
                + "Projects: " + statement.lines().size() + "\n"
                + "Allocated GPU-hours: " + Format.quantity(totals.allocatedGpuHours()) + "\n"
                + "Used GPU-hours: " + Format.quantity(totals.usedGpuHours()) + "\n"
                + "Idle GPU-hours: " + Format.quantity(totals.idleGpuHours()) + "\n"
                + "Efficiency: " + Format.percent(totals.efficiency()) + "\n"
                + "Energy: " + Format.quantity(totals.energyKwh()) + " kWh\n"
                + "Cost, allocation basis: " + Format.money(totals.allocationCost()) + " " + currency + "\n"
                + "Cost, usage basis: " + Format.money(totals.usageCost()) + " " + currency + "\n"
                + "Cost of idle GPU-hours: " + Format.money(totals.idleCost()) + " " + currency + "\n"
                + "Health credit: " + Format.money(statement.healthCredit()) + " " + currency
                + " (credit lines: " + statement.credits().size() + ")\n"
                + "Idle-GPU notices: " + statement.idleNotices().size() + ", cost wasted "
                + Format.money(statement.idleCostNoticed()) + " " + currency + "\n\n"
                + "The figures per project are in the attached CSV.\n";
    }

    /** A title from user data must not break the Subject header: control characters become spaces. */
    private static String oneLine(String text) {
        return text.codePoints().map(c -> Character.isISOControl(c) ? ' ' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
    }
}
