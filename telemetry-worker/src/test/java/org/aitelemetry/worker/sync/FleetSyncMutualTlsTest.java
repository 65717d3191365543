package org.aitelemetry.worker.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.FleetTestResource;
import org.aitelemetry.devkit.fleet.InjectFleet;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.devkit.prometheus.PrometheusComponent;
import org.aitelemetry.model.fleet.AuthMode;
import org.aitelemetry.model.fleet.SyncStatus;
import org.aitelemetry.prometheus.source.SourceClients;
import org.junit.jupiter.api.Test;

/** mTLS mode (Observatorium) against a real Prometheus that serves HTTPS and verifies client certificates. */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(value = FleetTestResource.class, initArgs = @ResourceArg(name = FleetTestResource.TLS, value = "mutual"))
class FleetSyncMutualTlsTest {

    @InjectFleet
    FleetSimulator simulator;

    @InjectFleet
    PrometheusComponent prometheus;

    @Inject
    FleetSync sync;

    @Inject
    SourceClients sources;

    @Test
    void syncsThroughMutualTlsWithACertificateFromTheTlsRegistry() {
        assertThat(prometheus.url()).startsWith("https://");
        assertThat(sources.definitions().get(0).authMode()).isEqualTo(AuthMode.MTLS);

        SyncReport report = sync.sync(sources.definitions().get(0)).await().atMost(Duration.ofSeconds(30));

        assertThat(report.status()).isEqualTo(SyncStatus.OK);
        assertThat(report.devices()).isEqualTo(simulator.definition().devices().size());
        assertThat(report.slices()).isEqualTo(simulator.definition().slices().size());
    }
}
