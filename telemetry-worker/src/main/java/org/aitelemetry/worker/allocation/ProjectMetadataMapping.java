package org.aitelemetry.worker.allocation;

import io.quarkus.runtime.Startup;
import io.quarkus.runtime.configuration.ConfigurationException;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import org.aitelemetry.prometheus.Series;
import org.aitelemetry.worker.allocation.MetadataSource.Kind;

/**
 * The configured sources of each project field ({@link ProjectMetadataConfig}), parsed at start so that a misspelt
 * one stops the worker with the property's name: which kube-state-metrics labels the sync asks for, and how a
 * namespace's annotation and label series become its {@link ProjectMetadata}.
 */
@Startup
@ApplicationScoped
public class ProjectMetadataMapping {

    private final Map<ProjectField, List<MetadataSource>> sources = new EnumMap<>(ProjectField.class);

    public ProjectMetadataMapping(ProjectMetadataConfig config) {
        put(ProjectField.TITLE, config.title());
        put(ProjectField.PI, config.pi());
        put(ProjectField.ALLOCATION_PROJECT_ID, config.allocationProjectId());
        put(ProjectField.ALLOCATION_ID, config.allocationId().orElse(List.of()));
        put(ProjectField.INSTITUTION, config.institution().orElse(List.of()));
        put(ProjectField.FIELD_OF_SCIENCE, config.fieldOfScience().orElse(List.of()));
    }

    /** The labels kube-state-metrics gives the configured annotations (or labels) of a namespace, sorted. */
    public SortedSet<String> prometheusLabels(Kind kind) {
        SortedSet<String> names = new TreeSet<>();
        sources.values().forEach(list -> list.stream().filter(source -> source.kind() == kind)
                .forEach(source -> names.add(source.prometheusName())));
        return names;
    }

    /** A namespace's metadata from its annotation and label series (either may be absent). */
    public ProjectMetadata read(Optional<Series> annotations, Optional<Series> labels) {
        Map<ProjectField, String> values = new EnumMap<>(ProjectField.class);
        sources.forEach((field, list) -> list.stream()
                .map(source -> (source.kind() == Kind.ANNOTATION ? annotations : labels)
                        .flatMap(series -> series.label(source.prometheusName())).map(field::stored).orElse(null))
                .filter(value -> value != null).findFirst().ifPresent(value -> values.put(field, value)));
        return values.isEmpty() ? ProjectMetadata.NONE : ProjectMetadata.of(values);
    }

    private void put(ProjectField field, List<String> settings) {
        List<MetadataSource> parsed = new ArrayList<>();
        for (String setting : settings) {
            try {
                parsed.add(MetadataSource.parse(setting));
            } catch (IllegalArgumentException e) {
                throw new ConfigurationException("telemetry.projects.metadata."
                        + field.name().toLowerCase(Locale.ROOT).replace('_', '-') + ": " + e.getMessage());
            }
        }
        sources.put(field, List.copyOf(parsed));
    }
}
