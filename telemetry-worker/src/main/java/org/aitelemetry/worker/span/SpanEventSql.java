package org.aitelemetry.worker.span;

/** The SQL of span events stored on usage sessions ({@code usage_session_event}). */
final class SpanEventSql {

    private SpanEventSql() {
    }

    /** A GPU's verdict change ($1 UUID) as an event on each of its open or closing sessions; a redelivery adds none. */
    static final String STORE_HEALTH_EVENT = """
            INSERT INTO usage_session_event (session_id, at, name, attributes)
            SELECT s.id, $2, $3, $4::jsonb FROM usage_session s
            WHERE s.state IN ('OPEN', 'CLOSING')
              AND (s.gpu_uuid = $1 OR s.device_id = (SELECT d.id FROM gpu_device d WHERE d.uuid = $1))
            ON CONFLICT ON CONSTRAINT usage_session_event_uk DO NOTHING""";
}
