package org.aitelemetry.worker.sync;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.aitelemetry.devkit.fleet.FleetSimulator;
import org.aitelemetry.devkit.fleet.FleetTestResource;
import org.aitelemetry.devkit.fleet.InjectFleet;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.model.fleet.AuthMode;
import org.aitelemetry.model.fleet.SyncStatus;
import org.aitelemetry.prometheus.source.SourceClients;
import org.aitelemetry.prometheus.source.SourceDefinition;
import org.junit.jupiter.api.Test;

/**
 * Bearer mode (Thanos Querier behind kube-rbac-proxy): the token comes from a file that rotates; a wrong token fails the
 * cycle with a recorded status and the rotated file is picked up without a restart.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(value = FleetTestResource.class,
        initArgs = @ResourceArg(name = FleetTestResource.BEARER_TOKEN, value = BearerTokens.GOOD))
class FleetSyncBearerTest {

    @InjectFleet
    FleetSimulator simulator;

    @Inject
    FleetSync sync;

    @Inject
    SourceClients sources;

    @Test
    void sendsTheTokenFromTheFileAndFollowsItsRotation() throws Exception {
        SourceDefinition source = sources.definitions().get(0);
        assertThat(source.authMode()).isEqualTo(AuthMode.BEARER_FILE);
        Path tokenFile = source.config().bearerTokenFile().orElseThrow();

        assertThat(syncOnce(source).devices()).isEqualTo(simulator.definition().devices().size());

        Files.writeString(tokenFile, "revoked-token");
        SyncReport rejected = syncOnce(source);
        assertThat(rejected.status()).isEqualTo(SyncStatus.FAILED);
        assertThat(rejected.message()).contains("401");

        Files.writeString(tokenFile, BearerTokens.GOOD);
        assertThat(syncOnce(source).status()).isEqualTo(SyncStatus.OK);
    }

    private SyncReport syncOnce(SourceDefinition source) {
        return sync.sync(source).await().atMost(Duration.ofSeconds(30));
    }
}
