package org.aitelemetry.site.project;

/** A line of the projects table: the project, its health flags, and what it holds now. */
public record ProjectRow(long id, String cluster, String namespace, String title, String pi, String institution,
        boolean active, double gpusRequested, int openSessions, int restartingPods, int terminatingPods, int fullPvcs) {

    public boolean flagged() {
        return restartingPods > 0 || terminatingPods > 0 || fullPvcs > 0;
    }
}
