package org.aitelemetry.devkit.launcher;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.aitelemetry.devkit.fleet.AmdDevice;
import org.aitelemetry.devkit.keycloak.DemoUser;
import org.aitelemetry.devkit.keycloak.KeycloakClients;
import org.aitelemetry.devkit.mail.SmtpServer;
import org.aitelemetry.devkit.postgres.PostgresComponent;

/**
 * The README's run command: starts the {@link Platform} with progress output, prints where everything is and who can
 * log in, and on Ctrl-C stops every process it started, newest first.
 */
public final class LocalPlatform {

    /** A body a real Alertmanager 0.25 posted, relative to the project root. */
    private static final String FIRING_FIXTURE = "telemetry-worker/src/test/resources/alertmanager/alertmanager-0.25-firing.json";

    private LocalPlatform() {
    }

    public static void main(String[] args) throws Exception {
        LaunchOptions options;
        try {
            options = LaunchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.print(LaunchOptions.USAGE);
            System.exit(2);
            return;
        }
        if (options.help()) {
            System.out.print(LaunchOptions.USAGE);
            return;
        }
        PlatformOptions platformOptions = options.platformOptions();
        List<String> missing = Prerequisites.missing(Prerequisites.forLocalRun(platformOptions,
                Prerequisites.Machine.of(platformOptions.projectRoot())));
        if (!missing.isEmpty()) {
            System.err.println("Cannot start the platform; first fix what is missing:");
            missing.forEach(message -> System.err.println("  - " + message));
            System.exit(1);
        }
        runUntilInterrupted(new Platform(platformOptions, ConsoleProgress.system()));
    }

    private static void runUntilInterrupted(Platform platform) throws InterruptedException {
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            platform.close();
            stopped.countDown();
        }, "local-platform-stop"));
        try {
            platform.start();
            Path token = platform.ownerOnlyFile("alerts-writer.jwt", platform.keycloak().clientCredentialsToken(
                    KeycloakClients.ALERTMANAGER, KeycloakClients.ALERTMANAGER_SECRET));
            System.out.print(banner(platform, token));
        } catch (Exception e) {
            System.err.println("Start failed: " + e.getMessage());
            System.exit(1);
        }
        stopped.await();
    }

    private static String banner(Platform platform, Path token) {
        Path root = platform.options().projectRoot();
        String tokenFile = root.relativize(token).toString();
        return """

                AI Telemetry is running (Ctrl-C stops everything).
                  site         %s        health %s/q/health  metrics %s/q/metrics
                  worker       %s        health %s/q/health  metrics %s/q/metrics
                  keycloak     %s  (realm %s, keycloak/README.md)
                  postgres     %s  (user %s)
                  prometheus   %s  (metric source "local" of the worker and the site; rules alertmanager/rules/)
                  alertmanager %s  (posts to the worker with the OAuth2 client %s)
                  otlp         %s  (the worker's trace exporter; spans kept in memory, a trace at /traces/<id>)
                  smtp         %s:%d  (where the worker mails statements and idle notices; kept in memory)
                  contacts     %s
                  fleet        %s/metrics/<cluster>/{dcgm,amd,kube,kubevirt}  (%d simulated GPUs, %d AMD boards, %d VMs, seed %d)
                  token        %s  (alertmanager's client-credentials token; Keycloak's live 5 min)
                  logs         %s
                Log in to the site as (dev-only passwords):
                %s
                Post an Alertmanager notification to the worker (from the project root):
                  curl -H "Authorization: Bearer $(cat %s)" -H 'Content-Type: application/json' \\
                    --data @%s %s%s
                A fresh token for it:
                  curl -s -d grant_type=client_credentials -d client_id=%s -d client_secret=%s \\
                    %s | sed 's/.*"access_token":"\\([^"]*\\)".*/\\1/' > %s
                """.formatted(
                platform.siteUrl(), platform.siteManagementUrl(), platform.siteManagementUrl(), platform.workerUrl(),
                platform.workerManagementUrl(), platform.workerManagementUrl(),
                platform.keycloak().url(), platform.realm(), platform.jdbcUrl(), PostgresComponent.USER,
                platform.prometheusUrl(), platform.alertmanager().url(),
                KeycloakClients.ALERTMANAGER, platform.otlpReceiver().tracesUrl(), SmtpServer.HOST, platform.smtp().port(),
                platform.contactsFile(), platform.simulator().url(),
                platform.fleet().devices().size(),
                platform.fleet().amdDevices().stream().map(AmdDevice::serial).distinct().count(),
                platform.fleet().virtualMachines().size(),
                platform.options().fleet().seed(), token,
                platform.options().workspace().root(), demoLogins(platform), tokenFile, FIRING_FIXTURE,
                platform.workerUrl(), Platform.WEBHOOK_PATH, KeycloakClients.ALERTMANAGER,
                KeycloakClients.ALERTMANAGER_SECRET, platform.keycloak().tokenUrl(), tokenFile);
    }

    private static String demoLogins(Platform platform) {
        StringBuilder lines = new StringBuilder();
        for (DemoUser user : platform.demoUsers()) {
            lines.append("  %-9s %-27s %-18s %s%n".formatted(user.username(), user.password(), user.role(),
                    user.groups().isEmpty() ? "(every project)" : String.join(" ", user.groups())));
        }
        return lines.toString().stripTrailing();
    }
}
