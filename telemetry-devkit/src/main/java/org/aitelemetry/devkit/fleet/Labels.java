package org.aitelemetry.devkit.fleet;

/** Builds the inside of a label set, {@code a="1",b="2"}, escaping values as the text format requires. */
final class Labels {

    private final StringBuilder text = new StringBuilder(256);

    Labels add(String name, Object value) {
        if (!text.isEmpty()) {
            text.append(',');
        }
        String escaped = value.toString().replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
        text.append(name).append("=\"").append(escaped).append('"');
        return this;
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
