package org.aitelemetry.worker.allocation;

import java.util.Map;

/** What a project's namespace says of it; a field is null where nothing configured for it has a value. */
public record ProjectMetadata(String title, String pi, String institution, String allocationId,
        String allocationProjectId, String fieldOfScience) {

    public static final ProjectMetadata NONE = new ProjectMetadata(null, null, null, null, null, null);

    static ProjectMetadata of(Map<ProjectField, String> values) {
        return new ProjectMetadata(values.get(ProjectField.TITLE), values.get(ProjectField.PI),
                values.get(ProjectField.INSTITUTION), values.get(ProjectField.ALLOCATION_ID),
                values.get(ProjectField.ALLOCATION_PROJECT_ID), values.get(ProjectField.FIELD_OF_SCIENCE));
    }
}
