package org.aitelemetry.worker.health;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** How probe runs are scored: {@code telemetry.health.*} (docs/operations.md lists each with its default). */
@ConfigMapping(prefix = "telemetry.health")
public interface HealthConfig {

    /**
     * A GPU whose GEMM or bandwidth figure is below (1 - tolerance) × its siblings' median in two consecutive runs is
     * DEGRADED; 0.10 lies outside normal part-to-part spread of one SKU.
     */
    @WithDefault("0.10")
    double siblingTolerance();

    /** Clean runs in a row a DEGRADED or FAILED GPU needs to be judged on its latest run again. */
    @WithDefault("3")
    int recoveryRuns();

    /** How long a board's failures count towards flagging it as a repeat offender (two failures). */
    @WithDefault("P30D")
    Duration repeatWindow();

    FleetBaseline fleetBaseline();

    Rerun rerun();

    /** Fleet-relative baselines ({@link FleetBaselines}). */
    interface FleetBaseline {

        /** How often the baselines are recomputed; {@code off} leaves them as they are. */
        @WithDefault("15m")
        String every();

        /** Runs this recent count; each GPU contributes its latest. */
        @WithDefault("P14D")
        Duration window();

        /** GPUs of a SKU needed before its fleet figure scores anything. */
        @WithDefault("8")
        int minSamples();

        /**
         * Below (1 - tolerance) × the fleet median (and three robust deviations below it) in two runs is DEGRADED:
         * wider than the sibling tolerance, as the fleet mixes nodes, drivers and cooling.
         */
        @WithDefault("0.15")
        double tolerance();
    }

    /** Re-runs of inconclusive runs and of failures awaiting confirmation ({@link RerunRequests}). */
    interface Rerun {

        /** How long after the run the re-run may start: time for whatever held the GPU to let go. */
        @WithDefault("10m")
        Duration delay();

        /** Re-runs a node gets at most per day, so that a GPU that is always busy does not loop. */
        @WithDefault("3")
        int maxPerDay();
    }
}
