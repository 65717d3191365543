package org.aitelemetry.worker.idle;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.aitelemetry.worker.mail.OutgoingMail;

/** The notice as mail to the project's contacts: plain text and the same as HTML, every value escaped. */
final class IdleNoticeMail {

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);

    private IdleNoticeMail() {
    }

    static OutgoingMail of(IdleNotice notice) {
        String summary = String.format(Locale.ROOT, "%d GPU(s) of %s sat idle from %s to %s: %.1f GPU-hours, "
                        + "%s %s at the current prices.", notice.gpus().size(), notice.projectKey(),
                TIME.format(notice.from()), TIME.format(notice.until()), notice.idleGpuHours(),
                notice.costWasted().toPlainString(), notice.currency());
        StringBuilder text = new StringBuilder(summary).append("\n\n");
        StringBuilder html = new StringBuilder("<p>").append(escaped(summary)).append("</p>\n<table>\n")
                .append("<tr><th>GPU</th><th>node</th><th>idle from</th><th>until</th><th>GPU-hours</th>"
                        + "<th>cost</th></tr>\n");
        for (IdleStretch gpu : notice.gpus()) {
            String hours = String.format(Locale.ROOT, "%.1f", gpu.idleGpuHours());
            text.append("- ").append(gpu.label()).append(" on ").append(gpu.nodeName()).append(": ")
                    .append(TIME.format(gpu.from())).append(" to ").append(TIME.format(gpu.until())).append(", ")
                    .append(hours).append(" GPU-hours, ").append(gpu.costWasted().toPlainString()).append('\n');
            html.append("<tr><td>").append(escaped(gpu.label())).append("</td><td>")
                    .append(escaped(String.valueOf(gpu.nodeName()))).append("</td><td>")
                    .append(TIME.format(gpu.from())).append("</td><td>").append(TIME.format(gpu.until()))
                    .append("</td><td>").append(hours).append("</td><td>")
                    .append(gpu.costWasted().toPlainString()).append("</td></tr>\n");
        }
        String advice = "If the work is done, please release the GPUs (scale the workload down or delete its pods) "
                + "so that others can use them.";
        text.append('\n').append(advice).append('\n');
        html.append("</table>\n<p>").append(escaped(advice)).append("</p>\n");
        return OutgoingMail.of("idle-notice:" + notice.id(), notice.contacts(),
                "Idle GPUs in " + notice.projectKey(), html.toString(), text.toString());
    }

    private static String escaped(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
