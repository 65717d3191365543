package org.aitelemetry.worker.usage;

import java.util.Map;

/**
 * One GPU's or slice's usage during one hour.
 *
 * @param observed    whether it had any reading or energy point in the hour (no row is written otherwise)
 * @param total       its own figures: allocation by anyone, all the energy it consumed
 * @param byNamespace the part of it each holding namespace accounts for (energy only while held)
 */
record EntityUsage(boolean observed, Usage total, Map<String, Usage> byNamespace) {

    EntityUsage {
        byNamespace = Map.copyOf(byNamespace);
    }
}
