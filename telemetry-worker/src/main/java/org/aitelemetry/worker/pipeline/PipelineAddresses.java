package org.aitelemetry.worker.pipeline;

/**
 * The Vert.x event-bus addresses of the alert → session → span path, in one place: the webhook announces stored
 * batches, the session service applies them and nudges the span exporter, the health scoring announces verdicts that
 * become span events. An announcement is only a nudge: every consumer also finds its work in the database.
 */
public final class PipelineAddresses {

    /** A webhook batch was stored (body: its id); the session processor drains pending notifications. */
    public static final String ALERTS_STORED = "telemetry.alerts.stored";

    /** A stored batch reported {@code truncatedAlerts > 0} (body: its id); the reconciler asks Alertmanager. */
    public static final String ALERTS_TRUNCATED = "telemetry.alerts.truncated";

    /** Spans entered the outbox (sessions became final, or opened with start spans on; any body). */
    public static final String SPANS_DUE = "telemetry.spans.due";

    /** A committed health verdict change (body: a {@code health.VerdictChange}, local only). */
    public static final String VERDICT_CHANGED = "telemetry.health.verdict-changed";

    private PipelineAddresses() {
    }
}
