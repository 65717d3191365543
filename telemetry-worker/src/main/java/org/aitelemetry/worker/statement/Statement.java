package org.aitelemetry.worker.statement;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import org.aitelemetry.model.statement.StatementSubject;

/**
 * One subject's statement of one period, before it is rendered and stored.
 *
 * @param project    the project of a PROJECT statement, as it is now; empty for the others
 * @param lines      one per project and cluster, in the order they are shown
 * @param credits    health credits of those projects whose failures fall in the period
 * @param idleNotices idle-GPU notices of those projects made in the period, oldest first
 * @param recipients lower-cased addresses the statement is mailed to; may be empty
 */
public record Statement(Subject subject, Period period, String title, String currency, Optional<ProjectLine> project,
        List<ProjectLine> lines, List<HealthCredit> credits, List<IdleNoticeLine> idleNotices,
        List<String> recipients) {

    /** Whom a statement is about: {@code statement.subject_kind} and {@code subject_key}. */
    public record Subject(StatementSubject kind, String key) {
    }

    public Figures totals() {
        return lines.stream().map(ProjectLine::figures).reduce(Figures.ZERO, Figures::plus);
    }

    public BigDecimal healthCredit() {
        return credits.stream().map(HealthCredit::amount).reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    /** The cost wasted that the period's idle-GPU notices named. */
    public BigDecimal idleCostNoticed() {
        return idleNotices.stream().map(IdleNoticeLine::costWasted).reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    /** Something to tell: use in the period, or a credit. */
    public boolean hasUseOrCredit() {
        return totals().hasUse() || !credits.isEmpty();
    }

    /** The line of a credit's project (every credit's project has a line). */
    ProjectLine lineOf(HealthCredit credit) {
        return lines.stream().filter(line -> line.projectId() == credit.projectId()).findFirst().orElseThrow();
    }
}
