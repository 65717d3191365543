package org.aitelemetry.site.api;

/**
 * Whose project data a query may return: everything for an admin, else the member projects as two index-aligned
 * arrays, as SQL takes them. {@code security.Caller} is one; the query helpers need no more of it.
 */
public interface ProjectScope {

    boolean admin();

    String[] clusters();

    String[] namespaces();
}
