package org.aitelemetry.worker.usage;

import java.util.Map;

/**
 * The timelines of one queried range, by device id and slice id, and how many series named an entity the database
 * does not know (yet), which were left out.
 */
record Timelines(Map<Long, Timeline> devices, Map<Long, Timeline> slices, int unknownSeries) {
}
