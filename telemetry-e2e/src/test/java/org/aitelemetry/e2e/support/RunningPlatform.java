package org.aitelemetry.e2e.support;

import java.time.Duration;
import org.aitelemetry.devkit.LoopbackPorts;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.fleet.FleetSpec;
import org.aitelemetry.devkit.keycloak.RealmImport;
import org.aitelemetry.devkit.launcher.ConsoleProgress;
import org.aitelemetry.devkit.launcher.HistoryOptions;
import org.aitelemetry.devkit.launcher.Platform;
import org.aitelemetry.devkit.launcher.PlatformOptions;
import org.aitelemetry.devkit.launcher.PlatformOptions.ManagementPorts;

/**
 * The platform the tests of one JVM share, started once from the packaged apps and ready once the worker's sync has put
 * the whole simulated fleet into PostgreSQL.
 *
 * <p>The fleet is small and fixed: seed 7, clusters {@code cluster-01} and {@code cluster-02} of 2 nodes x 4 GPUs,
 * three projects each ({@code nlp-001}, {@code vision-002}, {@code speech-003}), so every demo user has projects that
 * are not theirs in the same cluster and in the other one. Keycloak imports the test clients too, for the admin
 * client-credentials token the tests read the API with.
 */
final class RunningPlatform implements AutoCloseable {

    static final long FLEET_SEED = 7;
    private static final Duration SYNC_PATIENCE = Duration.ofMinutes(2);

    private final Platform platform;
    private final SiteApi api;

    private RunningPlatform(Platform platform, SiteApi api) {
        this.platform = platform;
        this.api = api;
    }

    static RunningPlatform start() {
        long begin = System.nanoTime();
        Platform platform;
        try {
            platform = Platform.start(options(), ConsoleProgress.system());
        } catch (Exception e) {
            throw new IllegalStateException("the platform did not start; logs are under " + Workspace
                    .fromSystemProperties().root(), e);
        }
        try {
            SiteApi api = SiteApi.asAdmin(platform);
            api.awaitDevices(platform.fleet().devices().size(), SYNC_PATIENCE);
            System.out.printf("Platform started and fleet synced in %.1f s%n", (System.nanoTime() - begin) / 1e9);
            return new RunningPlatform(platform, api);
        } catch (RuntimeException | Error e) {
            platform.close();
            throw e;
        }
    }

    private static PlatformOptions options() {
        FleetSpec fleet = FleetSpec.builder(FLEET_SEED).clusterCount(2).nodesPerCluster(2).gpusPerNode(4)
                .projectsPerCluster(3).build();
        // Scrape every second and sync every two: the fleet is in PostgreSQL a few seconds after the worker starts.
        // Two days of past, as bin/run-local starts with a week of it: charts, usage and sessions from the start.
        return PlatformOptions.of(E2eProperties.projectRoot(), fleet)
                .withHistory(new HistoryOptions(Duration.ofDays(2), Duration.ofMinutes(5)))
                .withWorkspace(Workspace.fromSystemProperties())
                .withPorts(LoopbackPorts.free(), LoopbackPorts.free(),
                        new ManagementPorts(LoopbackPorts.free(), LoopbackPorts.free()))
                .withIntervals(Duration.ofSeconds(1), Duration.ofSeconds(2))
                .withRealms(RealmImport.WITH_TEST_ADDITIONS);
    }

    Platform platform() {
        return platform;
    }

    SiteApi api() {
        return api;
    }

    @Override
    public void close() {
        platform.close();
    }
}
