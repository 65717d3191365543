package org.aitelemetry.site.session;

import org.aitelemetry.site.api.TimeWindow;

/** The optional filters of the session list (null: not filtered). */
public record SessionFilters(String cluster, Long projectId, String gpuUuid, String state, TimeWindow window) {
}
