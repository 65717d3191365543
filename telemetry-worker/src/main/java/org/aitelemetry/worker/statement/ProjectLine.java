package org.aitelemetry.worker.statement;

/**
 * One project of one cluster in a period, as it is when the statement is made (it may have been renamed since its
 * hours, or be gone from the cluster: its hours still count).
 *
 * @param state       {@code PRESENT}, {@code MISSING}, or {@code GONE} when its row no longer exists
 * @param pi          its PI, institution and allocation as its namespace says them now; null where it does not
 */
public record ProjectLine(long projectId, String clusterName, String namespace, String title, String state,
        String pi, String institution, String allocationId, Figures figures) {

    /** The statement's subject key of a project. */
    public String key() {
        return clusterName + "/" + namespace;
    }
}
