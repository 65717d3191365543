package org.aitelemetry.worker.probe;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;

/**
 * A run's times must lie between {@code telemetry.probes.max-age} ago and {@code clock-skew} from now (contracts.md
 * §6): a run from the future would pin its verdict over every later one, and a stale one would judge a GPU by what
 * it was long ago. Either is refused with the reason, so that the probe does not retry it.
 */
@ApplicationScoped
public class ProbeTimeWindow {

    private final Duration skew;
    private final Duration maxAge;

    ProbeTimeWindow(ProbeConfig config) {
        this.skew = config.clockSkew();
        this.maxAge = config.maxAge();
    }

    /** @throws MalformedProbeReportException naming the time and the window when the run lies outside it */
    public void check(ProbeReport report, Instant now) {
        Instant latest = now.plus(skew);
        Instant earliest = now.minus(maxAge);
        if (report.finishedAt().isAfter(latest)) {
            throw new MalformedProbeReportException("finished_at " + report.finishedAt() + " is in the future: more"
                    + " than the allowed clock skew of " + skew.toSeconds() + " s after the worker's time " + now);
        }
        if (report.startedAt().isBefore(earliest)) {
            throw new MalformedProbeReportException("started_at " + report.startedAt() + " is older than the "
                    + maxAge.toDays() + "-day window of runs this worker accepts (since " + earliest + ")");
        }
    }
}
