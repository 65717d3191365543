package org.aitelemetry.site.statement;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.IsoFields;
import org.aitelemetry.model.statement.StatementPeriod;
import org.aitelemetry.model.statement.StatementSubject;
import org.aitelemetry.site.api.ProjectRef;

/**
 * A statement's figures as the API and pages show them; its HTML and CSV are read apart ({@link StatementDocument}).
 * {@code project} is the project as it was when the statement was made (absent for a manager's or the fleet's).
 */
public record StatementView(long id, StatementSubject subjectKind, String subjectKey, StatementPeriod periodKind,
        OffsetDateTime periodStart, OffsetDateTime periodEnd,
        @JsonInclude(JsonInclude.Include.NON_NULL) ProjectRef project, String title, String currency,
        double allocatedGpuHours, double usedGpuHours, double idleGpuHours, double energyKwh,
        BigDecimal costAllocationBasis, BigDecimal costUsageBasis, BigDecimal healthCredit,
        OffsetDateTime generatedAt) {

    /** The period as people name it: {@code 2026-10} for a month, {@code 2026-W47} for an ISO week (UTC). */
    public String periodLabel() {
        OffsetDateTime start = periodStart.withOffsetSameInstant(ZoneOffset.UTC);
        return periodKind == StatementPeriod.MONTH ? "%d-%02d".formatted(start.getYear(), start.getMonthValue())
                : "%d-W%02d".formatted(start.get(IsoFields.WEEK_BASED_YEAR),
                        start.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR));
    }
}
