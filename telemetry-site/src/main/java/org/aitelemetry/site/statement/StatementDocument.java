package org.aitelemetry.site.statement;

import jakarta.ws.rs.core.Response;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Locale;
import org.aitelemetry.model.statement.StatementPeriod;

/**
 * A statement's stored HTML or CSV, served as the worker wrote it, by the API and by the pages alike.
 *
 * <p>The HTML was generated with every value escaped; it is still served as untrusted content, so that a flaw there
 * cannot become script on the site's origin: a Content-Security-Policy with {@code sandbox} (an opaque origin, no
 * scripts, forms, pop-ups or plugins, as in a sandboxed frame) and {@code default-src 'none'} (nothing fetched: no
 * remote image can leak that it was opened), inline styles only, never framed, nosniff so that nothing reinterprets
 * it. It is shown in the browser rather than downloaded, because reading it is the point, under a file name for
 * saving it. The CSV is an attachment.
 */
public record StatementDocument(long id, StatementFormat format, String subjectKey, StatementPeriod period,
        OffsetDateTime periodStart, String body) {

    static final String HTML_POLICY = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:;"
            + " frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
    private static final int MAX_SUBJECT_IN_NAME = 80;

    /** The response: body, type, disposition and the headers that keep stored HTML inert. */
    public Response response() {
        String disposition = (format == StatementFormat.HTML ? "inline" : "attachment") + "; filename=\""
                + fileName() + "\"";
        Response.ResponseBuilder response = Response.ok(body, format.mediaType())
                .header("Content-Disposition", disposition).header("X-Content-Type-Options", "nosniff")
                .header("Cache-Control", "no-store");
        if (format == StatementFormat.HTML) {
            response.header("Content-Security-Policy", HTML_POLICY).header("X-Frame-Options", "DENY")
                    .header("Referrer-Policy", "no-referrer");
        }
        return response.build();
    }

    /**
     * {@code statement-<id>-<subject>-<week|month>-<yyyy-mm-dd>.<ext>}, of letters, digits, dots and dashes only: the
     * subject comes from a namespace or an e-mail address, and a quote or a path in a file name is trouble.
     */
    public String fileName() {
        String subject = subjectKey.replaceAll("[^A-Za-z0-9.]+", "-");
        subject = subject.substring(0, Math.min(subject.length(), MAX_SUBJECT_IN_NAME))
                .replaceAll("^[-.]+|[-.]+$", "");
        String start = periodStart.withOffsetSameInstant(ZoneOffset.UTC).toLocalDate().toString();
        return "statement-" + id + (subject.isEmpty() ? "" : "-" + subject) + "-"
                + period.name().toLowerCase(Locale.ROOT) + "-" + start + "." + format.column();
    }
}
