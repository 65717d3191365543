package org.aitelemetry.prometheus;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A series of an instant vector (one sample) or a range matrix (several), with its label set. A fleet-wide answer holds
 * hundreds of thousands of these, so the labels are one array of names and values (shared strings, see
 * {@link ResponseStreamParser}) rather than a map per series; {@link #labels()} builds the map for the few callers that
 * need one.
 */
public final class Series {

    /** Names at even, values at odd positions, in the order the source wrote them. */
    private final String[] namesAndValues;
    private final List<Sample> samples;

    public Series(Map<String, String> labels, List<Sample> samples) {
        this(flatten(labels), List.copyOf(samples));
    }

    Series(String[] namesAndValues, List<Sample> samples) {
        this.namesAndValues = namesAndValues;
        this.samples = samples;
    }

    /** The first of the given label names that is present and non-empty: exporters spell some labels in two ways. */
    public Optional<String> label(String... names) {
        for (String name : names) {
            String value = value(name);
            if (value != null && !value.isEmpty()) {
                return Optional.of(value);
            }
        }
        return Optional.empty();
    }

    /** The label set as a map, built on each call. */
    public Map<String, String> labels() {
        Map<String, String> labels = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            labels.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return Map.copyOf(labels);
    }

    public List<Sample> samples() {
        return samples;
    }

    /** The newest sample; an instant vector has exactly one. */
    public Sample last() {
        return samples.get(samples.size() - 1);
    }

    private String value(String name) {
        for (int i = 0; i < namesAndValues.length; i += 2) {
            if (namesAndValues[i].equals(name)) {
                return namesAndValues[i + 1];
            }
        }
        return null;
    }

    private static String[] flatten(Map<String, String> labels) {
        String[] flat = new String[labels.size() * 2];
        int i = 0;
        for (Map.Entry<String, String> label : labels.entrySet()) {
            flat[i++] = Objects.requireNonNull(label.getKey());
            flat[i++] = Objects.requireNonNull(label.getValue());
        }
        return flat;
    }

    /** Equal label sets (in any order) and equal samples. */
    @Override
    public boolean equals(Object other) {
        return other instanceof Series series && labels().equals(series.labels()) && samples.equals(series.samples);
    }

    @Override
    public int hashCode() {
        return Objects.hash(labels(), samples);
    }

    @Override
    public String toString() {
        return "Series[labels=" + labels() + ", samples=" + samples + "]";
    }
}
