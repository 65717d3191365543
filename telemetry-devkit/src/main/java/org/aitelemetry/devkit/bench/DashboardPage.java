package org.aitelemetry.devkit.bench;

import java.util.List;

/**
 * The pages the dashboards benchmark measures, with the text each prints in place of an empty table: a page showing
 * one of them would be measured without the rows that make it cost what it costs, so the benchmark refuses it.
 */
enum DashboardPage {

    FLEET("fleet overview", List.of("No usage recorded for your projects", "Every GPU with a verdict is healthy")),
    PROJECT("project page", List.of("No usage recorded", "No idle GPU held by this project",
            "No usage session recorded"));

    private final String title;
    private final List<String> emptyTables;

    DashboardPage(String title, List<String> emptyTables) {
        this.title = title;
        this.emptyTables = emptyTables;
    }

    String title() {
        return title;
    }

    /** The page's path; the project page shows {@code projectId}. */
    String path(long projectId) {
        return this == FLEET ? "/pages/fleet" : "/pages/projects/" + projectId;
    }

    /** The empty-table texts that {@code html} shows; none on a page with rows in every table. */
    List<String> emptyTablesIn(String html) {
        return emptyTables.stream().filter(html::contains).toList();
    }
}
