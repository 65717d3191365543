package org.aitelemetry.site.project;

/** What projects can be grouped by; the constants are named as in the contract. */
public enum ProjectGrouping {
    pi("p.pi"),
    institution("p.institution");

    private final String column;

    ProjectGrouping(String column) {
        this.column = column;
    }

    String column() {
        return column;
    }
}
