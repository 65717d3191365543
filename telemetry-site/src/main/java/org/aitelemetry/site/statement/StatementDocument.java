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
 * remote image can leak that it was opened), inline styles only, never framed (nosniff is on every answer, see
 * application.properties; the pages' policy is not: it would forbid the inline styles). It is shown in the browser rather than downloaded, because reading it is the point, under a file name for
 * saving it. The CSV is an attachment, under the same policy: one set of headers for what the site did not write.
 */
public record StatementDocument(long id, StatementFormat format, String subjectKey, StatementPeriod period,
        OffsetDateTime periodStart, String body) {

    static final String POLICY = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:;"
            + " frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
    private static final int MAX_SUBJECT_IN_NAME = 80;

    /** The response: body, type, disposition and the headers that keep stored content inert. */
    public Response response() {
        String disposition = (format == StatementFormat.HTML ? "inline" : "attachment") + "; filename=\""
                + fileName() + "\"";
        return Response.ok(body, format.mediaType()).header("Content-Disposition", disposition)
                .header("Content-Security-Policy", POLICY).header("X-Frame-Options", "DENY")
                .header("Referrer-Policy", "no-referrer").header("Cache-Control", "no-store").build();
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
