package org.aitelemetry.site.api;

/**
 * LIKE patterns from user text: {@code %}, {@code _} and the escape character itself are escaped, so a value matches
 * literally. Use with {@code LIKE ? ESCAPE '\'}.
 */
public final class LikePattern {

    private LikePattern() {
    }

    /** A pattern matching every string that starts with {@code prefix}. */
    public static String prefix(String prefix) {
        return literal(prefix) + "%";
    }

    /** A pattern matching every string that contains {@code part}. */
    public static String contains(String part) {
        return "%" + literal(part) + "%";
    }

    private static String literal(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
