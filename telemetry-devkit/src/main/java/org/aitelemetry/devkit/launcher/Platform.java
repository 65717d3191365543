package org.aitelemetry.devkit.launcher;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.aitelemetry.devkit.Component;
import org.aitelemetry.devkit.FileTrees;
import org.aitelemetry.devkit.alertmanager.AlertmanagerComponent;
import org.aitelemetry.devkit.alertmanager.AlertmanagerSettings;
import org.aitelemetry.devkit.fleet.FleetDefinition;
import org.aitelemetry.devkit.fleet.FleetHistory;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.PastHolding;
import org.aitelemetry.devkit.keycloak.DemoUser;
import org.aitelemetry.devkit.keycloak.KeycloakClients;
import org.aitelemetry.devkit.keycloak.KeycloakComponent;
import org.aitelemetry.devkit.mail.SmtpServer;
import org.aitelemetry.devkit.otlp.OtlpReceiver;
import org.aitelemetry.devkit.postgres.PostgresComponent;
import org.aitelemetry.devkit.process.QuarkusAppComponent;
import org.aitelemetry.devkit.process.ShippedJvmOptions;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;
import org.aitelemetry.devkit.prometheus.PrometheusSettings;
import org.aitelemetry.devkit.prometheus.TsdbBackfill;

/**
 * The whole platform on loopback, as production wires it: the fleet simulator scraped by Prometheus, which evaluates
 * the shipped usage rules and fires to Alertmanager, which posts to the worker's webhook with the {@code alertmanager}
 * client's OAuth2 client credentials from Keycloak; the worker syncs the fleet from Prometheus into PostgreSQL and
 * exports its spans to the OTLP receiver; the site reads PostgreSQL and signs people in through Keycloak. Used by
 * {@code bin/run-local} and the end-to-end tests; {@link #close()} stops everything, newest first.
 */
public final class Platform implements AutoCloseable {

    /** The database both apps share; the worker migrates it. */
    public static final String DATABASE = "telemetry";
    static final String WEBHOOK_PATH = "/api/ingest/v1/alertmanager";
    static final String USAGE_RULES = "alertmanager/rules/gpu-usage.rules.yml";
    private static final String HISTORY = "history";

    private final PlatformOptions options;
    private final PlatformProgress progress;
    private final Deque<Component> started = new ArrayDeque<>();
    private boolean closed;
    private FleetSimulator simulator;
    private PostgresComponent postgres;
    private KeycloakComponent keycloak;
    private OtlpReceiver otlpReceiver;
    private SmtpServer smtp;
    private AlertmanagerComponent alertmanager;
    private PrometheusComponent prometheus;
    private Optional<FleetHistory> history = Optional.empty();

    public Platform(PlatformOptions options, PlatformProgress progress) {
        this.options = options;
        this.progress = progress;
    }

    /** Starts a platform and returns it running; should a part fail to start, the parts already running are stopped. */
    public static Platform start(PlatformOptions options, PlatformProgress progress) throws Exception {
        Platform platform = new Platform(options, progress);
        try {
            platform.start();
        } catch (Exception | Error e) {
            platform.close();
            throw e;
        }
        return platform;
    }

    /** Starts every component in dependency order; a {@link #close()} meanwhile (Ctrl-C) stops what has started. */
    public void start() throws Exception {
        simulator = start(new FleetSimulator(FleetDefinition.generate(options.fleet())));
        CompletableFuture<Optional<FleetHistory>> writing = writeHistoryAside();
        postgres = start(new PostgresComponent(options.workspace()));
        postgres.createDatabaseNamed(DATABASE);
        keycloak = start(new KeycloakComponent(options.workspace(), "keycloak", options.realms(),
                options.sitePort()));
        otlpReceiver = start(new OtlpReceiver());
        smtp = start(new SmtpServer());
        alertmanager = start(new AlertmanagerComponent(options.workspace(), alertmanagerSettings()));
        PrometheusSettings prometheusSettings = PrometheusSettings.fast()
                .withIntervals(options.scrapeInterval(), options.scrapeInterval())
                .withTargets(simulator.scrapeTargets())
                .withRuleFiles(List.of(options.projectRoot().resolve(USAGE_RULES)))
                .withAlertmanagers(List.of(alertmanager.address()));
        Optional<FleetHistory> past = awaitHistory(writing);
        history = past;
        if (past.isPresent()) {
            prometheusSettings = prometheusSettings.withHistory(historyBlocks());
        }
        prometheus = start(new PrometheusComponent(options.workspace(), prometheusSettings));
        start(app("telemetry-worker", options.workerPort(), options.managementPorts().worker(), workerConfig()));
        start(app("telemetry-site", options.sitePort(), options.managementPorts().site(), siteConfig()));
        if (past.isPresent()) {
            postPastSessions(past.get());
        }
    }

    /**
     * Writes the simulated past and turns it into TSDB blocks on a thread of its own while PostgreSQL and Keycloak
     * start (Keycloak's start takes longest); it ends just before now, and Prometheus starts after it, so the live
     * scrapes never overlap it.
     */
    private CompletableFuture<Optional<FleetHistory>> writeHistoryAside() {
        if (!options.history().enabled()) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        FleetHistory past = new FleetHistory(simulator, Instant.now(), options.history().span(),
                options.history().step());
        Path dir = options.workspace().dir(HISTORY);
        FileTrees.deleteRecursively(dir);
        return CompletableFuture.supplyAsync(() -> {
            try {
                TsdbBackfill backfill = new TsdbBackfill(historyBlocks());
                LongStep.run(HISTORY, () -> past.phase() + "; " + backfill.converted() + " turned into TSDB blocks",
                        progress, () -> {
                            past.write(options.workspace().dir(HISTORY), backfill::convert);
                            backfill.awaitAll();
                        });
                return Optional.of(past);
            } catch (Exception e) {
                throw new CompletionException(e);
            }
        }, runnable -> {
            Thread thread = new Thread(runnable, "fleet-history");
            thread.setDaemon(true);
            thread.start();
        });
    }

    private static Optional<FleetHistory> awaitHistory(CompletableFuture<Optional<FleetHistory>> writing)
            throws Exception {
        try {
            return writing.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    private Path historyBlocks() {
        return options.workspace().dir(HISTORY).resolve("blocks");
    }

    /** The past's usage sessions, as Alertmanager would have posted them, with its OAuth2 client's token. */
    private void postPastSessions(FleetHistory past) throws Exception {
        List<PastHolding> holdings = past.holdings();
        PastSessions sessions = new PastSessions(URI.create(workerUrl() + WEBHOOK_PATH),
                keycloak.clientCredentialsToken(KeycloakClients.ALERTMANAGER, KeycloakClients.ALERTMANAGER_SECRET));
        LongStep.run("past sessions", () -> sessions.posted() + " of " + holdings.size() + " sent", progress,
                () -> sessions.post(holdings));
    }

    private AlertmanagerSettings alertmanagerSettings() throws IOException {
        return AlertmanagerSettings.fast(URI.create(workerUrl() + WEBHOOK_PATH))
                .withClientCredentials(KeycloakClients.ALERTMANAGER, ownerOnlyFile("alertmanager-client-secret",
                        KeycloakClients.ALERTMANAGER_SECRET), keycloak.tokenUrl());
    }

    private Map<String, String> workerConfig() throws IOException {
        Map<String, String> config = new HashMap<>(postgres.appConfig(DATABASE));
        config.putAll(keycloak.workerConfig());
        config.putAll(FleetSimulator.workerExporterConfig());
        config.put("telemetry.sources.local.url", prometheus.url());
        config.put("telemetry.sync.every", options.syncInterval().toSeconds() + "s");
        config.put("telemetry.sync.first-delay", "1s");
        if (options.history().enabled()) {
            // The first rollup (30 s after the start, once the sync knows the GPUs) covers every hour of the past.
            long pastHours = options.history().span().plusHours(2).toHours();
            config.put("telemetry.usage.backfill-max", pastHours + "h");
            config.put("telemetry.usage.backfill-hours-per-run", Long.toString(pastHours));
            // Statements of the past's last week and month once those rollups are through, not an hour later.
            config.put("telemetry.reports.every", "1m");
        }
        config.put("telemetry.sessions.reconcile.alertmanager-urls", alertmanager.url());
        config.put("telemetry.tracing.otlp-endpoint", otlpReceiver.tracesUrl());
        // Sessions link to their trace: locally the receiver shows it, as Tempo would in production.
        config.put("telemetry.tracing.trace-url-template", otlpReceiver.traceUrlTemplate());
        // Live sessions show up as traces at once, not only when they end.
        config.put("telemetry.sessions.start-spans", "true");
        config.putAll(selfTracingConfig());
        config.putAll(mailConfig());
        return config;
    }

    /** Statements and idle notices go to the devkit's SMTP server, for the demo fleet's contacts. */
    private Map<String, String> mailConfig() throws IOException {
        Path contacts = DemoContacts.write(simulator.definition(), contactsFile());
        return Map.of("quarkus.mailer.host", SmtpServer.HOST, "quarkus.mailer.port", Integer.toString(smtp.port()),
                "quarkus.mailer.from", "AI Telemetry <ai-telemetry@localhost>",
                "telemetry.reports.contacts", contacts.toString());
    }

    private Map<String, String> siteConfig() {
        Map<String, String> config = new HashMap<>(postgres.appConfig(DATABASE));
        config.putAll(keycloak.siteConfig());
        config.put("telemetry.site.public-url", siteUrl());
        config.put("telemetry.sources.local.url", prometheus.url());
        config.putAll(selfTracingConfig());
        return config;
    }

    /** The apps' own traces (sync cycles, drains, requests) go to the same receiver as the usage spans. */
    private Map<String, String> selfTracingConfig() {
        return Map.of("quarkus.otel.sdk.disabled", "false",
                "quarkus.otel.exporter.otlp.traces.endpoint", otlpReceiver.url());
    }

    /** Writes a file only its owner may read, e.g. a client secret for a component that reads it from a file. */
    Path ownerOnlyFile(String name, String content) throws IOException {
        Path file = options.workspace().dir("oidc").resolve(name);
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        return Files.writeString(file, content + "\n");
    }

    private QuarkusAppComponent app(String module, int port, int managementPort, Map<String, String> config) {
        Path jar = options.projectRoot().resolve(module).resolve("target/quarkus-app/quarkus-run.jar");
        return new QuarkusAppComponent(module, jar, port, config, ShippedJvmOptions.of(module), options.workspace())
                .withManagementPort(managementPort);
    }

    private <C extends Component> C start(C component) throws Exception {
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("the platform was stopped while it started");
            }
            started.push(component);
        }
        LongStep.run(component.name(), component::startPhase, progress, component::start);
        return component;
    }

    /** Stops every component, newest first; a component that fails to stop does not keep the others running. */
    @Override
    public synchronized void close() {
        closed = true;
        while (!started.isEmpty()) {
            Component component = started.pop();
            progress.stopping(component.name());
            try {
                component.close();
            } catch (RuntimeException e) {
                progress.stopFailed(component.name(), e);
            }
        }
    }

    public PlatformOptions options() {
        return options;
    }

    public String siteUrl() {
        return "http://127.0.0.1:" + options.sitePort();
    }

    public String workerUrl() {
        return "http://127.0.0.1:" + options.workerPort();
    }

    /** The site's management interface: /q/health, /q/metrics. */
    public String siteManagementUrl() {
        return "http://127.0.0.1:" + options.managementPorts().site();
    }

    /** The worker's management interface: /q/health, /q/metrics. */
    public String workerManagementUrl() {
        return "http://127.0.0.1:" + options.managementPorts().worker();
    }

    /** Keycloak's URLs ({@code url()}, {@code realmUrl()}, {@code tokenUrl()}) and tokens of its clients. */
    public KeycloakComponent keycloak() {
        return keycloak;
    }

    public String realm() {
        return KeycloakClients.REALM;
    }

    /** What an app or a test needs to reach the shared database: JDBC and reactive URLs, user and password. */
    public Map<String, String> datasourceConfig() {
        return postgres.appConfig(DATABASE);
    }

    public String jdbcUrl() {
        return postgres.jdbcUrl(DATABASE);
    }

    public String prometheusUrl() {
        return prometheus.url();
    }

    public AlertmanagerComponent alertmanager() {
        return alertmanager;
    }

    /** The worker's trace exporter endpoint; it keeps the spans it received. */
    public OtlpReceiver otlpReceiver() {
        return otlpReceiver;
    }

    /** The demo fleet's contacts, which the worker loads (statements and idle notices go to them). */
    public Path contactsFile() {
        return options.workspace().dir("mail").resolve("contacts.csv");
    }

    /** The worker's SMTP server; it keeps the mail it received. */
    public SmtpServer smtp() {
        return smtp;
    }

    public FleetSimulator simulator() {
        return simulator;
    }

    public FleetDefinition fleet() {
        return simulator.definition();
    }

    /** The simulated past it started with, if any: its holdings became the sessions it starts with. */
    public Optional<FleetHistory> history() {
        return history;
    }

    /** The people of the product realm who sign in to the site with dev-only passwords. */
    public List<DemoUser> demoUsers() {
        return DemoUser.ALL;
    }
}
