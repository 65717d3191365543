package org.aitelemetry.worker.health;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Finds GPUs that ran a GEMM or bandwidth test clearly slower than the other GPUs of the same run (one node, one SKU in
 * practice): below (1 - tolerance) × the median of their siblings' figures. A baseline only catches a GPU far off its
 * SKU; siblings catch one that is merely off its peers. Needs the figure on at least {@value #MIN_GPUS} GPUs, so that
 * the median of the others stands for "normal".
 */
final class SiblingComparison {

    static final int MIN_GPUS = 3;

    /** A test on which a GPU was slow: how far below its siblings' median, in whole percent, and how many they were. */
    record Slow(String test, long percentBelow, int siblings) {
    }

    private SiblingComparison() {
    }

    /** The slow tests of each GPU (by UUID); GPUs with none are absent. */
    static Map<String, List<Slow>> slow(List<GpuTests> gpus, double tolerance) {
        Map<String, Map<String, Double>> byTest = new TreeMap<>();
        for (GpuTests gpu : gpus) {
            for (TestResult test : gpu.tests()) {
                if (test.hasMeasuredThroughput()) {
                    byTest.computeIfAbsent(test.key(), key -> new LinkedHashMap<>()).put(gpu.uuid(), test.value());
                }
            }
        }
        Map<String, List<Slow>> slow = new HashMap<>();
        byTest.forEach((test, values) -> {
            if (values.size() < MIN_GPUS) {
                return;
            }
            values.forEach((uuid, value) -> {
                double median = median(values, uuid);
                if (value < (1 - tolerance) * median) {
                    slow.computeIfAbsent(uuid, key -> new ArrayList<>())
                            .add(new Slow(test, Math.round((1 - value / median) * 100), values.size() - 1));
                }
            });
        });
        return slow;
    }


    private static double median(Map<String, Double> values, String except) {
        double[] others = values.entrySet().stream().filter(entry -> !entry.getKey().equals(except))
                .mapToDouble(Map.Entry::getValue).sorted().toArray();
        int middle = others.length / 2;
        return others.length % 2 == 1 ? others[middle] : (others[middle - 1] + others[middle]) / 2;
    }
}
