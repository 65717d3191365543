package org.aitelemetry.devkit.launcher;

import java.nio.file.Path;
import java.time.Duration;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.fleet.FleetSpec;
import org.aitelemetry.devkit.keycloak.RealmImport;

/**
 * What a {@link Platform} starts.
 *
 * @param projectRoot    the checkout holding the built apps ({@code <module>/target/quarkus-app}) and {@code alertmanager/}
 * @param workspace      where components keep data and logs
 * @param workerPort     HTTP port of telemetry-worker
 * @param sitePort       HTTP port of telemetry-site
 * @param managementPorts the apps' management interfaces (health, metrics)
 * @param fleet          the simulated GPU fleet
 * @param scrapeInterval Prometheus' scrape and rule evaluation interval
 * @param syncInterval   the worker's fleet sync interval, whole seconds
 * @param realms         what Keycloak imports: the product realm, or with the test clients for tests
 * @param history        the simulated past Prometheus, the usage rollups and the sessions start with
 */
public record PlatformOptions(Path projectRoot, Workspace workspace, int workerPort, int sitePort,
        ManagementPorts managementPorts, FleetSpec fleet, Duration scrapeInterval, Duration syncInterval,
        RealmImport realms, HistoryOptions history) {

    /** Where the apps serve health and metrics: a port of their own each, never the application port. */
    public record ManagementPorts(int worker, int site) {
    }

    public PlatformOptions {
        projectRoot = projectRoot.toAbsolutePath().normalize();
        if (syncInterval.toMillis() < 1000 || syncInterval.toMillis() % 1000 != 0) {
            throw new IllegalArgumentException("the sync interval is whole seconds: " + syncInterval);
        }
    }

    /**
     * The local run's defaults: the usual ports (worker 8081, site 8080; their management interfaces 9001 and 9000, as
     * in the apps' dev profiles), {@code target/devkit} of the project root, a 5 s scrape interval (lively enough to
     * watch, light on a laptop), a sync every 15 s, the product realm, no past.
     */
    public static PlatformOptions of(Path projectRoot, FleetSpec fleet) {
        return new PlatformOptions(projectRoot, new Workspace(projectRoot.toAbsolutePath().resolve("target/devkit")),
                8081, 8080, new ManagementPorts(9001, 9000), fleet, Duration.ofSeconds(5), Duration.ofSeconds(15),
                RealmImport.PRODUCT_REALM, HistoryOptions.NONE);
    }

    public PlatformOptions withWorkspace(Workspace newWorkspace) {
        return new PlatformOptions(projectRoot, newWorkspace, workerPort, sitePort, managementPorts, fleet,
                scrapeInterval, syncInterval, realms, history);
    }

    public PlatformOptions withPorts(int newWorkerPort, int newSitePort, ManagementPorts newManagementPorts) {
        return new PlatformOptions(projectRoot, workspace, newWorkerPort, newSitePort, newManagementPorts, fleet,
                scrapeInterval, syncInterval, realms, history);
    }

    public PlatformOptions withIntervals(Duration scrape, Duration sync) {
        return new PlatformOptions(projectRoot, workspace, workerPort, sitePort, managementPorts, fleet, scrape, sync,
                realms, history);
    }

    public PlatformOptions withHistory(HistoryOptions newHistory) {
        return new PlatformOptions(projectRoot, workspace, workerPort, sitePort, managementPorts, fleet,
                scrapeInterval, syncInterval, realms, newHistory);
    }

    public PlatformOptions withRealms(RealmImport newRealms) {
        return new PlatformOptions(projectRoot, workspace, workerPort, sitePort, managementPorts, fleet,
                scrapeInterval, syncInterval, newRealms, history);
    }
}
