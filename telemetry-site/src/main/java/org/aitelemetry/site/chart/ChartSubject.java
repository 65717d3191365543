package org.aitelemetry.site.chart;

/** What a chart is about, and so which query parameter names it and whose scope applies. */
public enum ChartSubject {
    /** Every cluster; inventory, visible to every role. */
    FLEET(null),
    /** One cluster by id; inventory. */
    CLUSTER("cluster"),
    /** One GPU by UUID; inventory. */
    DEVICE("device"),
    /** One research project by id; its members (and admins) only. */
    PROJECT("project");

    private final String parameter;

    ChartSubject(String parameter) {
        this.parameter = parameter;
    }

    /** The query parameter naming the subject, or null for the fleet. */
    public String parameter() {
        return parameter;
    }
}
