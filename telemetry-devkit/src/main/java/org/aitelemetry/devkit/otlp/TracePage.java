package org.aitelemetry.devkit.otlp;

import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The local stand-in for Tempo's trace view: the spans the receiver holds for one trace, as a plain HTML page. The
 * local platform points the worker's trace links here, so a session's link opens its spans as Tempo would.
 */
final class TracePage {

    private TracePage() {
    }

    static String render(String traceIdHex, List<ReceivedSpan> spans) {
        StringBuilder html = new StringBuilder("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Trace ")
                .append(escape(traceIdHex)).append("</title></head><body><h1>Trace <code id=\"trace-id\">")
                .append(escape(traceIdHex)).append("</code></h1>");
        if (spans.isEmpty()) {
            html.append("<p id=\"no-spans\">No span of this trace has been received.</p>");
        }
        html.append("<ol id=\"spans\">");
        spans.stream().sorted(Comparator.comparing(ReceivedSpan::startTime)).forEach(span -> {
            html.append("<li><strong class=\"span-name\">").append(escape(span.name())).append("</strong> ")
                    .append(escape(String.valueOf(span.startTime()))).append(" → ")
                    .append(escape(String.valueOf(span.endTime()))).append("<ul>");
            attributes(html, span.attributes());
            span.events().forEach(event -> html.append("<li>event <em>").append(escape(event.name()))
                    .append("</em> at ").append(escape(String.valueOf(event.time()))).append("</li>"));
            html.append("</ul></li>");
        });
        return html.append("</ol></body></html>").toString();
    }

    private static void attributes(StringBuilder html, Map<String, Object> attributes) {
        attributes.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(attribute -> html.append("<li>")
                .append(escape(attribute.getKey())).append(" = ").append(escape(String.valueOf(attribute.getValue())))
                .append("</li>"));
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
