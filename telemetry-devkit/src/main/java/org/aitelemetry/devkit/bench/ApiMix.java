package org.aitelemetry.devkit.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/** Weighted operations of the API benchmark; a request's operation is drawn in proportion to its weight. */
record ApiMix(Map<ApiOperation, Integer> weights) {

    ApiMix {
        weights = Map.copyOf(weights);
        if (weights.values().stream().mapToInt(Integer::intValue).sum() <= 0) {
            throw new IllegalArgumentException("the mix needs an operation with a positive weight");
        }
    }

    /** Every operation with its default weight. */
    static ApiMix standard() {
        return parse(Arrays.stream(ApiOperation.values()).filter(operation -> operation.defaultWeight() > 0)
                .map(ApiOperation::key).collect(Collectors.joining(",")));
    }

    /**
     * {@code key[=weight],…}, e.g. {@code me,clusters=3}; a key without a weight takes its default weight (1 where the
     * default is 0).
     */
    static ApiMix parse(String text) {
        Map<ApiOperation, Integer> weights = new LinkedHashMap<>();
        for (String item : text.split(",")) {
            String[] parts = item.strip().split("=", 2);
            ApiOperation operation = ApiOperation.byKey(parts[0]);
            int weight = parts.length == 2 ? weight(parts[1], item) : Math.max(1, operation.defaultWeight());
            weights.put(operation, weight);
        }
        return new ApiMix(weights);
    }

    /** The operations in declaration order, for reports. */
    List<ApiOperation> operations() {
        List<ApiOperation> operations = new ArrayList<>(weights.keySet());
        operations.sort(null);
        return operations;
    }

    double share(ApiOperation operation) {
        return (double) weights.getOrDefault(operation, 0) / total();
    }

    ApiOperation pick(SplittableRandom random) {
        int draw = random.nextInt(total());
        for (ApiOperation operation : operations()) {
            draw -= weights.get(operation);
            if (draw < 0) {
                return operation;
            }
        }
        throw new IllegalStateException("weights changed under the draw");
    }

    String describe() {
        return operations().stream().map(operation -> operation.key() + "=" + weights.get(operation))
                .collect(Collectors.joining(","));
    }

    private int total() {
        return weights.values().stream().mapToInt(Integer::intValue).sum();
    }

    private static int weight(String value, String item) {
        try {
            int weight = Integer.parseInt(value);
            if (weight < 0 || weight > 1000) {
                throw new IllegalArgumentException("a weight is 0 to 1000, not " + item);
            }
            return weight;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--mix items are key or key=weight, not " + item, e);
        }
    }
}
