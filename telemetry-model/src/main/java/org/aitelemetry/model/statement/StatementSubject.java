package org.aitelemetry.model.statement;

/**
 * Whom a statement is about (column {@code statement.subject_kind}) and so who may read it: a project's members, the
 * person whose e-mail address is the statement's key, or admins only.
 */
public enum StatementSubject {
    /** One project; key {@code <cluster>/<namespace>}. */
    PROJECT,
    /** Every project a person is PI or manager of; key the lower-cased e-mail address. */
    MANAGER,
    /** The whole fleet; key {@code fleet}. */
    FLEET
}
