package org.aitelemetry.prometheus;

/** PromQL's double-quoted string literal: the one place values from outside are placed into a query. */
public final class PromqlString {

    private PromqlString() {
    }

    /** {@code value} quoted, with the characters that could end or bend the literal escaped. */
    public static String literal(String value) {
        return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + '"';
    }
}
