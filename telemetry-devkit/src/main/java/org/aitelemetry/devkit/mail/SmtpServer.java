package org.aitelemetry.devkit.mail;

import com.icegreen.greenmail.user.GreenMailUser;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.GreenMailUtil;
import com.icegreen.greenmail.util.ServerSetup;
import jakarta.mail.MessagingException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.aitelemetry.devkit.Component;
import org.aitelemetry.devkit.LoopbackPorts;

/**
 * A real SMTP server on loopback (GreenMail, in this JVM) for mail tests and the local run: it accepts any sender and
 * recipient, without authentication or TLS, and keeps what it receives in memory. Two faults for delivery tests:
 * {@link #stop() refusing connections}, after which {@link #start()} brings it back on the same port with what it had
 * received, and {@link #refuse(String) refusing a recipient} with a permanent 550.
 */
public final class SmtpServer implements Component {

    public static final String HOST = "127.0.0.1";

    private final int port;
    private final Set<String> refused = ConcurrentHashMap.newKeySet();
    /** What earlier runs received: GreenMail forgets its mailboxes when it stops. */
    private final List<ReceivedMail> earlier = new ArrayList<>();
    private GreenMail server;

    public SmtpServer() {
        this(LoopbackPorts.free());
    }

    public SmtpServer(int port) {
        this.port = port;
    }

    @Override
    public String name() {
        return "smtp";
    }

    @Override
    public synchronized void start() {
        if (server != null) {
            return;
        }
        GreenMail started = new RefusingSmtp(new ServerSetup(port, HOST, ServerSetup.PROTOCOL_SMTP), refused);
        started.start();
        server = started;
    }

    @Override
    public synchronized void stop() {
        if (server != null) {
            earlier.addAll(current());
            server.stop();
            server = null;
        }
    }

    /** Stops and forgets what it received and whom it refuses. */
    @Override
    public synchronized void close() {
        stop();
        earlier.clear();
        refused.clear();
    }

    public int port() {
        return port;
    }

    public synchronized boolean running() {
        return server != null;
    }

    /** From now on, {@code RCPT TO} this address is answered {@code 550 5.1.1}: a permanent failure. */
    public void refuse(String address) {
        refused.add(address.toLowerCase(Locale.ROOT));
    }

    /** Every message received since the first start, one per mailbox it landed in, in no particular order. */
    public synchronized List<ReceivedMail> received() {
        List<ReceivedMail> all = new ArrayList<>(earlier);
        all.addAll(current());
        return all;
    }

    /** How many mailboxes hold a message with this {@code Message-ID} (with or without its angle brackets). */
    public long copiesOf(String messageId) {
        String bracketed = messageId.startsWith("<") ? messageId : "<" + messageId + ">";
        return received().stream().filter(mail -> bracketed.equals(mail.messageId())).count();
    }

    /** Waits until at least {@code count} messages were received, and returns them all. */
    public List<ReceivedMail> await(int count, Duration patience) throws InterruptedException {
        Instant deadline = Instant.now().plus(patience);
        List<ReceivedMail> all = received();
        while (all.size() < count) {
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("expected " + count + " messages within " + patience + ", received "
                        + all.size() + ": " + all.stream().map(ReceivedMail::subject).toList());
            }
            Thread.sleep(50);
            all = received();
        }
        return all;
    }

    private List<ReceivedMail> current() {
        if (server == null) {
            return List.of();
        }
        List<ReceivedMail> mails = new ArrayList<>();
        for (GreenMailUser user : server.getUserManager().listUser()) {
            server.findReceivedMessages(owner -> owner == user, message -> true)
                    .forEach(message -> mails.add(read(user.getEmail(), message)));
        }
        return mails;
    }

    private static ReceivedMail read(String recipient, MimeMessage message) {
        try {
            String from = message.getFrom() == null || message.getFrom().length == 0 ? null
                    : ((InternetAddress) message.getFrom()[0]).getAddress();
            return new ReceivedMail(recipient, message.getMessageID(), message.getSubject(), from,
                    GreenMailUtil.getBody(message));
        } catch (MessagingException e) {
            throw new IllegalStateException("GreenMail holds a message it cannot read back", e);
        }
    }
}
