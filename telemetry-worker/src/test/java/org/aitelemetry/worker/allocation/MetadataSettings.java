package org.aitelemetry.worker.allocation;

import java.util.List;
import java.util.Optional;

/** Project metadata settings for tests outside Quarkus. */
public record MetadataSettings(List<String> title, List<String> pi, List<String> allocationProjectId,
        Optional<List<String>> allocationId, Optional<List<String>> institution,
        Optional<List<String>> fieldOfScience) implements ProjectMetadataConfig {

    /** ColdFront's annotations (the defaults), with an allocation annotation and an institution label of the site's. */
    public static ProjectMetadataMapping coldFront() {
        return new ProjectMetadataMapping(new MetadataSettings(List.of("annotation:openshift.io/display-name"),
                List.of("annotation:cf_pi", "annotation:openshift.io/requester"), List.of("annotation:cf_project_id"),
                Optional.of(List.of("annotation:cf_allocation_id")), Optional.of(List.of("label:institution")),
                Optional.empty()));
    }
}
