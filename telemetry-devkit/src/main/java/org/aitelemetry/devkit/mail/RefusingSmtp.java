package org.aitelemetry.devkit.mail;

import com.icegreen.greenmail.Managers;
import com.icegreen.greenmail.server.AbstractServer;
import com.icegreen.greenmail.server.ProtocolHandler;
import com.icegreen.greenmail.smtp.SmtpConnection;
import com.icegreen.greenmail.smtp.SmtpHandler;
import com.icegreen.greenmail.smtp.SmtpManager;
import com.icegreen.greenmail.smtp.SmtpState;
import com.icegreen.greenmail.smtp.commands.SmtpCommand;
import com.icegreen.greenmail.smtp.commands.SmtpCommandRegistry;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import java.io.IOException;
import java.net.Socket;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * GreenMail with one fault a mail server has and GreenMail lacks: it answers {@code RCPT TO} for a refused address
 * with a permanent {@code 550 5.1.1} (an unknown mailbox), so that a sender's handling of permanent failures is tested
 * against a real SMTP dialogue. Every other command, and every other address, is GreenMail's own.
 */
final class RefusingSmtp extends GreenMail {

    private final Set<String> refused;

    /** @param refused lower-cased addresses to refuse; read on every RCPT, so the caller may change it while running */
    RefusingSmtp(ServerSetup setup, Set<String> refused) {
        super(setup);
        this.refused = refused;
    }

    @Override
    protected Map<String, AbstractServer> createServices(ServerSetup[] setups, Managers managers) {
        return Map.of(ServerSetup.PROTOCOL_SMTP, new Server(setups[0], managers));
    }

    private final class Server extends com.icegreen.greenmail.smtp.SmtpServer {

        private final Managers managers;

        Server(ServerSetup setup, Managers managers) {
            super(setup, managers);
            this.managers = managers;
        }

        @Override
        protected ProtocolHandler createProtocolHandler(Socket socket) {
            return new SmtpHandler(new Commands(), managers.getSmtpManager(), socket);
        }
    }

    private final class Commands extends SmtpCommandRegistry {

        @Override
        public SmtpCommand getCommand(String name) {
            SmtpCommand command = super.getCommand(name);
            return command != null && "RCPT".equalsIgnoreCase(name) ? new RefusingRcpt(command) : command;
        }
    }

    private final class RefusingRcpt extends SmtpCommand {

        private static final Pattern ADDRESS = Pattern.compile("RCPT TO:\\s?<([^>]*)>.*", Pattern.CASE_INSENSITIVE);

        private final SmtpCommand accepting;

        RefusingRcpt(SmtpCommand accepting) {
            this.accepting = accepting;
        }

        @Override
        public void execute(SmtpConnection connection, SmtpState state, SmtpManager manager, String line)
                throws IOException {
            Matcher address = ADDRESS.matcher(line);
            if (address.matches() && refused.contains(address.group(1).toLowerCase(Locale.ROOT))) {
                connection.send("550 5.1.1 <" + address.group(1) + ">: no such mailbox here");
                return;
            }
            accepting.execute(connection, state, manager, line);
        }
    }
}
