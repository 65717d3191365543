package org.aitelemetry.model.statement;

/** The period a statement covers (column {@code statement.period_kind}): an ISO week or a calendar month, in UTC. */
public enum StatementPeriod {
    WEEK,
    MONTH
}
