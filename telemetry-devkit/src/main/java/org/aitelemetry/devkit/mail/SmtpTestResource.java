package org.aitelemetry.devkit.mail;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * A {@link SmtpServer} per application start, for the worker's tests: the app's Quarkus mailer is pointed at it, and
 * its mock is turned off, so that tests speak SMTP over a socket.
 */
public final class SmtpTestResource implements QuarkusTestResourceLifecycleManager {

    private SmtpServer server;

    @Override
    public Map<String, String> start() {
        server = new SmtpServer();
        server.start();
        return Map.of(
                "quarkus.mailer.mock", "false",
                "quarkus.mailer.host", SmtpServer.HOST,
                "quarkus.mailer.port", Integer.toString(server.port()));
    }

    @Override
    public void inject(TestInjector testInjector) {
        testInjector.injectIntoFields(server,
                new TestInjector.AnnotatedAndMatchesType(InjectSmtp.class, SmtpServer.class));
    }

    @Override
    public void stop() {
        if (server != null) {
            server.close();
        }
    }
}
