package org.aitelemetry.worker.session;

import java.time.Instant;

/** A usage session's identity (contracts.md §2): the alert's fingerprint and the start of this firing of it. */
public record SessionKey(String fingerprint, Instant startsAt) {
}
