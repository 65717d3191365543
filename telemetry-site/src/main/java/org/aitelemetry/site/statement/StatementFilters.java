package org.aitelemetry.site.statement;

import org.aitelemetry.model.statement.StatementPeriod;
import org.aitelemetry.model.statement.StatementSubject;
import org.aitelemetry.site.api.TimeWindow;

/**
 * The optional filters of the statement list (null: not filtered); the window keeps statements whose period starts in
 * it.
 */
public record StatementFilters(Long projectId, StatementSubject subject, StatementPeriod period, TimeWindow window) {

    /** Every statement the caller may see. */
    public static final StatementFilters NONE = new StatementFilters(null, null, null, new TimeWindow(null, null));
}
