package org.aitelemetry.worker.allocation;

/** The metadata of a research project read from its namespace, each with the length its column holds (V1, V21). */
public enum ProjectField {
    TITLE(200),
    PI(253),
    INSTITUTION(253),
    ALLOCATION_ID(128),
    ALLOCATION_PROJECT_ID(128),
    FIELD_OF_SCIENCE(253);

    private final int maxLength;

    ProjectField(int maxLength) {
        this.maxLength = maxLength;
    }

    /** The value as stored: stripped, cut to the column's length; null when blank. */
    String stored(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String stripped = value.strip();
        return stripped.length() <= maxLength ? stripped : stripped.substring(0, maxLength);
    }
}
