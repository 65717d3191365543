package org.aitelemetry.worker.mail;

import io.quarkus.mailer.Mail;
import io.quarkus.mailer.reactive.ReactiveMailer;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;

/**
 * Hands a queued message to the SMTP server through Quarkus's mailer ({@code quarkus.mailer.*}: host, port, from,
 * TLS): HTML with a plain-text alternative, the statement's CSV attached, and the row's own {@code Message-ID}, which
 * replaces the one the mail client would make up.
 */
@ApplicationScoped
class MailSender {

    private final ReactiveMailer mailer;

    MailSender(ReactiveMailer mailer) {
        this.mailer = mailer;
    }

    Uni<Void> send(QueuedMail queued) {
        Mail mail = new Mail().setTo(queued.recipients()).setSubject(queued.subject())
                .setText(queued.textBody()).setHtml(queued.htmlBody())
                .addHeader("Message-ID", queued.messageIdHeader());
        if (queued.attachment() != null) {
            mail.addAttachment(queued.attachmentName(), queued.attachment().getBytes(StandardCharsets.UTF_8),
                    queued.attachmentType() == null ? "application/octet-stream" : queued.attachmentType());
        }
        return mailer.send(mail);
    }
}
