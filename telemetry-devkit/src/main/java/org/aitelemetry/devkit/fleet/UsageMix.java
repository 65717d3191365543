package org.aitelemetry.devkit.fleet;

import java.util.Random;

/** Relative weights of the usage profiles given to pods. */
public record UsageMix(double idle, double busy, double bursty) {

    public UsageMix {
        if (idle < 0 || busy < 0 || bursty < 0 || idle + busy + bursty <= 0) {
            throw new IllegalArgumentException("weights must be non-negative and not all zero");
        }
    }

    UsageProfile pick(Random random) {
        double draw = random.nextDouble() * (idle + busy + bursty);
        if (draw < idle) {
            return UsageProfile.IDLE;
        }
        return draw < idle + busy ? UsageProfile.BUSY : UsageProfile.BURSTY;
    }
}
