package org.aitelemetry.worker.lifecycle;

import java.util.List;

/**
 * What a retention run did, per table; {@code ran} is false when another replica was running it.
 *
 * @param ran    whether this replica ran it
 * @param tables one outcome per kind of data, in the order run
 */
public record RetentionReport(boolean ran, List<TableOutcome> tables) {

    static final RetentionReport NOT_RUN = new RetentionReport(false, List.of());

    /** The outcome for a table; fails for a table retention does not look after. */
    public TableOutcome table(String name) {
        return tables.stream().filter(outcome -> outcome.table().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no retention outcome for " + name));
    }
}
