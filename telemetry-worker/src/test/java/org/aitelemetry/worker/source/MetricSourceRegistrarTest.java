package org.aitelemetry.worker.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.model.fleet.AuthMode;
import org.aitelemetry.model.fleet.MetricSource;
import org.aitelemetry.model.fleet.SyncStatus;
import org.aitelemetry.prometheus.source.SourceClients;
import org.junit.jupiter.api.Test;

@QuarkusTest
@TestProfile(MetricSourceRegistrarTest.TwoSources.class)
@WithTestResource(PostgresTestResource.class)
class MetricSourceRegistrarTest {

    public static class TwoSources implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "telemetry.sources.hub-east.url", "https://observatorium.east.example.org",
                    "telemetry.sources.hub-east.auth-mode", "mtls",
                    "telemetry.sources.hub-east.tenant", "rhoai",
                    "telemetry.sources.local.url", "http://127.0.0.1:9090",
                    "telemetry.sources.local.cluster-label", "dev-cluster");
        }
    }

    @Inject
    MetricSourceRegistrar registrar;

    @Inject
    MetricSourceRepository sources;

    @Inject
    SourceClients configuredSources;

    @Inject
    Pool pool;

    @Test
    void configuredSourcesAreStoredAtStart() throws Throwable {
        MetricSource hub = inSession(() -> sources.findByName("hub-east"));
        assertThat(hub.url).isEqualTo("https://observatorium.east.example.org");
        assertThat(hub.authMode).isEqualTo(AuthMode.MTLS);
        assertThat(hub.tenant).isEqualTo("rhoai");
        assertThat(hub.syncStatus).isEqualTo(SyncStatus.NEVER);

        MetricSource local = inSession(() -> sources.findByName("local"));
        assertThat(local.authMode).isEqualTo(AuthMode.NONE);
        assertThat(local.clusterLabel).isEqualTo("dev-cluster");
    }

    @Test
    void registeringAgainUpdatesInPlace() throws Throwable {
        VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(registrar::registerAll));
        VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(registrar::registerAll));
        Long count = inSession(sources::count);
        assertThat(count).isEqualTo(2);
    }

    /**
     * The race a fresh worker had: a scheduled cycle that looks its source up before the start has registered it
     * waited for nothing and failed ("not registered"). Now it waits for the registration, however late that comes.
     */
    @Test
    void aCycleStartedBeforeTheRegistrationWaitsForIt() throws Throwable {
        MetricSourceRegistrar notYetStarted = new MetricSourceRegistrar(configuredSources, sources);
        CompletableFuture<Long> id = new LockedSourceCycle(pool, notYetStarted, "test.early-cycle",
                CycleSlots.every("off", Clock.systemUTC()), "test").sourceId("local")
                .subscribeAsCompletionStage();

        assertThat(id).as("no answer before the registration").isNotDone();
        notYetStarted.registerAtStart(null);

        Long registered = inSession(() -> sources.findByName("local")).id;
        assertThat(id.get(30, TimeUnit.SECONDS)).isEqualTo(registered);
        assertThat(registrar.registered().await().atMost(Duration.ofSeconds(1))).as("the app's own, at start").isNull();
    }

    private static <T> T inSession(Supplier<Uni<T>> work) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(work));
    }
}
