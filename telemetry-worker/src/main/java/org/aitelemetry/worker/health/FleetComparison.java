package org.aitelemetry.worker.health;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Scores throughput figures against the SKU's fleet ({@link FleetFigure}): slow when below (1 - tolerance) × the fleet
 * median and also more than three robust standard deviations (1.4826 × MAD) below it, so that a fleet with a wide
 * spread does not flag its normal tail. Needs {@code minSamples} GPUs behind the figure.
 */
public final class FleetComparison {

    /** Robust standard deviations below the median that count as slow. */
    static final double ROBUST_SIGMAS = 3.0;
    private static final double MAD_TO_SIGMA = 1.4826;

    /** A test on which the GPU ran below its fleet, in whole percent. */
    public record Slow(String test, long percentBelow, double median, int samples) {
    }

    private final Map<String, Map<String, FleetFigure>> byProduct;
    private final double tolerance;
    private final int minSamples;

    /** @param byProduct fleet figures by product name, then by test */
    public FleetComparison(Map<String, Map<String, FleetFigure>> byProduct, double tolerance, int minSamples) {
        this.byProduct = Map.copyOf(byProduct);
        this.tolerance = tolerance;
        this.minSamples = minSamples;
    }

    /** Whether the fleet scores this test of this product: enough samples behind a positive median. */
    public boolean scores(String productName, String test) {
        return figure(productName, test) != null;
    }

    public List<Slow> slow(GpuTests gpu) {
        List<Slow> slow = new ArrayList<>();
        for (TestResult test : gpu.tests()) {
            FleetFigure figure = test.hasMeasuredThroughput() ? figure(gpu.productName(), test.key()) : null;
            if (figure == null) {
                continue;
            }
            double value = test.value();
            boolean belowShare = value < (1 - tolerance) * figure.median();
            boolean belowSpread = figure.mad() <= 0
                    || value < figure.median() - ROBUST_SIGMAS * MAD_TO_SIGMA * figure.mad();
            if (belowShare && belowSpread) {
                slow.add(new Slow(test.key(), Math.round((1 - value / figure.median()) * 100), figure.median(),
                        figure.samples()));
            }
        }
        return slow;
    }

    private FleetFigure figure(String productName, String test) {
        if (productName == null) {
            return null;
        }
        FleetFigure figure = byProduct.getOrDefault(productName, Map.of()).get(test);
        return figure != null && figure.samples() >= minSamples && figure.median() > 0 ? figure : null;
    }
}
