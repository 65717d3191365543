package org.aitelemetry.worker.mail;

import java.util.ArrayList;
import java.util.List;

/**
 * What a round of the mail job did, and which messages it tried (a round tries each at most once, so that a short
 * backoff cannot make it retry a message it just failed); {@code busy}: it found a round running and left the work to
 * it.
 */
public record MailReport(int sent, int retried, int failed, List<Long> tried, boolean busy) {

    static final MailReport NONE = new MailReport(0, 0, 0, List.of(), false);
    static final MailReport BUSY = new MailReport(0, 0, 0, List.of(), true);

    public MailReport {
        tried = List.copyOf(tried);
    }

    MailReport plus(Delivery delivery) {
        if (delivery.outcome() == Delivery.Outcome.NONE) {
            return this;
        }
        List<Long> triedNow = new ArrayList<>(tried);
        triedNow.add(delivery.mailId());
        return switch (delivery.outcome()) {
            case SENT -> new MailReport(sent + 1, retried, failed, triedNow, busy);
            case RETRY -> new MailReport(sent, retried + 1, failed, triedNow, busy);
            default -> new MailReport(sent, retried, failed + 1, triedNow, busy);
        };
    }

    public int attempts() {
        return tried.size();
    }
}
