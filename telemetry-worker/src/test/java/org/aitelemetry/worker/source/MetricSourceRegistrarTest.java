package org.aitelemetry.worker.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.function.Supplier;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.model.fleet.AuthMode;
import org.aitelemetry.model.fleet.MetricSource;
import org.aitelemetry.model.fleet.SyncStatus;
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

    private static <T> T inSession(Supplier<Uni<T>> work) throws Throwable {
        return VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(work));
    }
}
