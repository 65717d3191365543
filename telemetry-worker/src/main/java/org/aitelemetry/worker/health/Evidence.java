package org.aitelemetry.worker.health;

import java.util.Map;

/**
 * One reason behind a verdict: what was seen, on which test, in words a person can act on, with the figures.
 *
 * @param test    the probe test it comes from, null for evidence about the GPU as a whole
 * @param details figures as text, e.g. {@code xids=79}
 */
public record Evidence(EvidenceKind kind, String test, String summary, Map<String, String> details) {

    public Evidence {
        details = Map.copyOf(details);
    }

    public Evidence(EvidenceKind kind, String test, String summary) {
        this(kind, test, summary, Map.of());
    }

    public Severity severity() {
        return kind.severity();
    }
}
