package org.aitelemetry.prometheus;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A series of an instant vector (one sample) or a range matrix (several), with its label set. */
public record Series(Map<String, String> labels, List<Sample> samples) {

    public Series {
        labels = Map.copyOf(labels);
        samples = List.copyOf(samples);
    }

    /** The first of the given label names that is present and non-empty: exporters spell some labels in two ways. */
    public Optional<String> label(String... names) {
        for (String name : names) {
            String value = labels.get(name);
            if (value != null && !value.isEmpty()) {
                return Optional.of(value);
            }
        }
        return Optional.empty();
    }

    /** The newest sample; an instant vector has exactly one. */
    public Sample last() {
        return samples.get(samples.size() - 1);
    }
}
