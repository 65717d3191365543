package org.aitelemetry.worker.mail;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.ext.mail.SMTPException;
import java.net.ConnectException;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class SendFailureTest {

    static Stream<Arguments> failures() {
        return Stream.of(
                Arguments.of("421 service closing", smtp(421), false),
                Arguments.of("450 mailbox busy", smtp(450), false),
                Arguments.of("451 local error", smtp(451), false),
                Arguments.of("452 storage", smtp(452), false),
                Arguments.of("530 authentication required", smtp(530), false),
                Arguments.of("535 credentials invalid", smtp(535), false),
                Arguments.of("550 no such mailbox", smtp(550), true),
                Arguments.of("552 too large", smtp(552), true),
                Arguments.of("553 mailbox name not allowed", smtp(553), true),
                Arguments.of("554 transaction failed", smtp(554), true),
                Arguments.of("550 wrapped", new CompletionException(smtp(550)), true),
                Arguments.of("connection refused", new ConnectException("Connection refused"), false),
                Arguments.of("timeout", new TimeoutException("no answer"), false),
                Arguments.of("malformed address", new IllegalArgumentException("not an address"), true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("failures")
    void permanentOnlyWhenTryingAgainCannotHelp(String name, Throwable failure, boolean permanent) {
        SendFailure classified = SendFailure.of(failure);

        assertThat(classified.permanent()).isEqualTo(permanent);
        assertThat(classified.description()).isNotBlank();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(ints = {421, 451, 535, 550, 554})
    void anSmtpFailureNamesItsReplyCode(int code) {
        assertThat(SendFailure.of(smtp(code)).description()).contains(Integer.toString(code));
    }

    private static SMTPException smtp(int code) {
        return new SMTPException("sending failed", code, List.of(code + " refused"), false);
    }
}
