package org.aitelemetry.devkit.mail;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.mail.MessagingException;
import jakarta.mail.SendFailedException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The devkit's SMTP server, spoken to over a socket with Jakarta Mail (a client independent of the worker's). */
class SmtpServerTest {

    private final SmtpServer smtp = new SmtpServer();

    @AfterEach
    void close() {
        smtp.close();
    }

    @Test
    void receivesOneCopyPerRecipientWithTheMessageIdAsSent() throws Exception {
        smtp.start();

        send("<statement-1@ai-telemetry>", "pi@lab.example", "manager@lab.example");

        assertThat(smtp.received()).extracting(ReceivedMail::recipient)
                .containsExactlyInAnyOrder("pi@lab.example", "manager@lab.example");
        assertThat(smtp.received()).allSatisfy(mail -> {
            assertThat(mail.messageId()).isEqualTo("<statement-1@ai-telemetry>");
            assertThat(mail.subject()).isEqualTo("Weekly statement");
            assertThat(mail.from()).isEqualTo("reports@ai-telemetry.example");
        });
        assertThat(smtp.copiesOf("statement-1@ai-telemetry")).isEqualTo(2);
    }

    @Test
    void refusesConnectionsWhileStoppedAndComesBackOnTheSamePortWithWhatItHad() throws Exception {
        smtp.start();
        send("<before@ai-telemetry>", "pi@lab.example");
        int port = smtp.port();

        smtp.stop();
        assertThat(smtp.running()).isFalse();
        assertThatThrownBy(() -> send("<during@ai-telemetry>", "pi@lab.example"))
                .isInstanceOf(MessagingException.class);

        smtp.start();
        send("<after@ai-telemetry>", "pi@lab.example");
        assertThat(smtp.port()).isEqualTo(port);
        assertThat(smtp.received()).extracting(ReceivedMail::messageId)
                .containsExactlyInAnyOrder("<before@ai-telemetry>", "<after@ai-telemetry>");
    }

    @Test
    void answersARefusedRecipientWithAPermanent550() throws Exception {
        smtp.start();
        smtp.refuse("Gone@Lab.example");

        assertThatThrownBy(() -> send("<refused@ai-telemetry>", "gone@lab.example"))
                .isInstanceOf(SendFailedException.class)
                .satisfies(failure -> assertThat(String.valueOf(failure.getCause())).contains("550"));
        send("<accepted@ai-telemetry>", "pi@lab.example");
        assertThat(smtp.received()).extracting(ReceivedMail::messageId).containsExactly("<accepted@ai-telemetry>");
    }

    private void send(String messageId, String... recipients) throws MessagingException {
        Properties properties = new Properties();
        properties.put("mail.smtp.host", SmtpServer.HOST);
        properties.put("mail.smtp.port", Integer.toString(smtp.port()));
        properties.put("mail.smtp.connectiontimeout", "2000");
        MimeMessage message = new MimeMessage(Session.getInstance(properties)) {
            @Override
            protected void updateMessageID() throws MessagingException {
                setHeader("Message-ID", messageId);
            }
        };
        message.setFrom(new InternetAddress("reports@ai-telemetry.example"));
        for (String recipient : recipients) {
            message.addRecipient(MimeMessage.RecipientType.TO, new InternetAddress(recipient));
        }
        message.setSubject("Weekly statement");
        message.setText("Your GPU-hours this week.");
        Transport.send(message);
    }
}
