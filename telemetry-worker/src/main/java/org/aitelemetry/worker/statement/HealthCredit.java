package org.aitelemetry.worker.statement;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * Time a project spent on a GPU shortly before it was found FAILED, credited back at the allocation price: its
 * results from that time are suspect.
 *
 * @param hours  hours of the project's sessions on the GPU (or one of its slices) inside the failure's window
 * @param amount those hours at the price of the GPU, or of the slice's profile, in force in each hour
 */
public record HealthCredit(long projectId, long failureId, String gpuUuid, String node, Instant failedAt, double hours,
        BigDecimal amount) {
}
