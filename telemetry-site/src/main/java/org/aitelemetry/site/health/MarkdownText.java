package org.aitelemetry.site.health;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.time.temporal.TemporalAccessor;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Makes untrusted text (probe strings, node names, evidence summaries) inert in Markdown: one line, HTML special
 * characters as entities so no tag or script survives a renderer, and Markdown punctuation escaped so a value can
 * neither break out of a table cell nor form a link, image or heading.
 */
final class MarkdownText {

    /** Emphasis, code, links, images, tables, headings; ':' too, so no bare URL turns into an autolink. */
    private static final Pattern MARKDOWN_PUNCTUATION = Pattern.compile("([\\\\`*_\\[\\]{}()#!|~:])");
    private static final Pattern WWW = Pattern.compile("(?i)(www)\\.");
    private static final Pattern LINE_BREAKS = Pattern.compile("[\\r\\n\\u2028\\u2029]+");
    private static final String NONE = "–";

    private MarkdownText() {
    }

    /** The value as escaped text; null or blank as a dash; numbers, times and ids as they are. */
    static String of(Object value) {
        if (value == null) {
            return NONE;
        }
        if (value instanceof Number || value instanceof Boolean || value instanceof UUID
                || value instanceof TemporalAccessor) {
            return value.toString();  // cannot carry markup
        }
        String text = LINE_BREAKS.matcher(plain(value)).replaceAll(" ").strip();
        if (text.isEmpty()) {
            return NONE;
        }
        String html = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                .replace("\"", "&quot;");
        String inert = MARKDOWN_PUNCTUATION.matcher(html).replaceAll("\\\\$1");
        return WWW.matcher(inert).replaceAll("$1\\\\.");
    }

    /** A table row of escaped cells. */
    static String row(Object... cells) {
        StringBuilder row = new StringBuilder("|");
        for (Object cell : cells) {
            row.append(' ').append(of(cell)).append(" |");
        }
        return row.append('\n').toString();
    }

    /** A table's header and its separator line; headers are ours, not escaped. */
    static String header(String... names) {
        return "| " + String.join(" | ", names) + " |\n" + "|---".repeat(names.length) + "|\n";
    }

    private static String plain(Object value) {
        if (value instanceof Map<?, ?> map) {
            return new JsonObject(cast(map)).encode();
        }
        if (value instanceof List<?> list) {
            return new JsonArray(list).encode();
        }
        return value.toString();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Map<?, ?> map) {
        return (Map<String, Object>) map;
    }
}
