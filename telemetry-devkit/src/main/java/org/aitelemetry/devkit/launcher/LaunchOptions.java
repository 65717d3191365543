package org.aitelemetry.devkit.launcher;

import static org.aitelemetry.devkit.CommandLineArgs.bounded;
import static org.aitelemetry.devkit.CommandLineArgs.value;

import java.nio.file.Path;
import java.time.Duration;
import org.aitelemetry.devkit.fleet.FleetHistory;
import org.aitelemetry.devkit.fleet.FleetSpec;
import org.aitelemetry.devkit.launcher.PlatformOptions.ManagementPorts;

/** Command-line options of the local run. */
record LaunchOptions(Path projectRoot, int workerPort, int sitePort, ManagementPorts managementPorts, long seed,
        int clusters, int nodesPerCluster, int gpusPerNode, int vmNodesPerCluster, int amdNodesPerCluster,
        int historyDays, int historyStepMinutes, boolean help) {

    static final String USAGE = """
            Usage: bin/run-local [options]
              --worker-port N             HTTP port of telemetry-worker (default 8081)
              --site-port N               HTTP port of telemetry-site (default 8080)
              --worker-management-port N  health and metrics of telemetry-worker (default 9001)
              --site-management-port N    health and metrics of telemetry-site (default 9000)
              --seed N                    seed of the simulated GPU fleet (default 1)
              --clusters N                simulated clusters (default 2)
              --nodes-per-cluster N       simulated GPU nodes per cluster (default 4)
              --gpus-per-node N           GPUs per simulated node (default 8)
              --vm-nodes-per-cluster N    simulated nodes per cluster whose 8 GPUs are passed through to
                                          KubeVirt VMs, two VMs on each (default 1)
              --amd-nodes-per-cluster N   simulated nodes per cluster with 8 AMD Instinct GPUs, the first
                                          with half of them in CPX partitions (default 1)
              --history-days N            days of simulated past to start with, 0 for none (default 7)
              --history-step-minutes N    a sample of the past every N minutes, 1 to 5 (default 5)
              --root DIR                  project root holding the built apps (default: current directory)
              --help                      show this help
            Every other component (PostgreSQL, Keycloak, Prometheus, Alertmanager, the OTLP receiver, the fleet
            simulator) takes a free loopback port; logs go to target/devkit/<component>/. A client-credentials
            token of Keycloak's alertmanager client (role alerts-writer) is written to target/devkit/oidc/.
            The past is written into Prometheus before it starts, its usage sessions are posted to the worker
            once it is up, and the worker rolls up its usage and cost in the background during the first minute.
            """;

    static LaunchOptions parse(String[] args) {
        Path root = Path.of("").toAbsolutePath();
        int workerPort = 8081;
        int sitePort = 8080;
        int workerManagementPort = 9001;
        int siteManagementPort = 9000;
        long seed = 1;
        int clusters = 2;
        int nodes = 4;
        int gpus = 8;
        int vmNodes = 1;
        int amdNodes = 1;
        int historyDays = 7;
        int historyStep = 5;
        boolean help = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--worker-port" -> workerPort = bounded(args, ++i, 1, 65535);
                case "--site-port" -> sitePort = bounded(args, ++i, 1, 65535);
                case "--worker-management-port" -> workerManagementPort = bounded(args, ++i, 1, 65535);
                case "--site-management-port" -> siteManagementPort = bounded(args, ++i, 1, 65535);
                case "--seed" -> seed = bounded(args, ++i, 0, Integer.MAX_VALUE);
                case "--clusters" -> clusters = bounded(args, ++i, 1, 50);
                case "--nodes-per-cluster" -> nodes = bounded(args, ++i, 1, 5000);
                case "--gpus-per-node" -> gpus = bounded(args, ++i, 1, 16);
                case "--vm-nodes-per-cluster" -> vmNodes = bounded(args, ++i, 0, 100);
                case "--amd-nodes-per-cluster" -> amdNodes = bounded(args, ++i, 0, 100);
                case "--history-days" -> historyDays = bounded(args, ++i, 0,
                        (int) HistoryOptions.LONGEST_SPAN.toDays());
                case "--history-step-minutes" -> historyStep = bounded(args, ++i, 1,
                        (int) FleetHistory.LONGEST_STEP.toMinutes());
                case "--root" -> root = Path.of(value(args, ++i)).toAbsolutePath();
                case "--help", "-h" -> help = true;
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        return new LaunchOptions(root, workerPort, sitePort, new ManagementPorts(workerManagementPort,
                siteManagementPort), seed, clusters, nodes, gpus, vmNodes, amdNodes, historyDays, historyStep, help);
    }

    /** The platform these options describe; each cluster has at least two projects, one per node when more. */
    PlatformOptions platformOptions() {
        FleetSpec fleet = FleetSpec.builder(seed).clusterCount(clusters).nodesPerCluster(nodesPerCluster)
                .gpusPerNode(gpusPerNode).vmNodesPerCluster(vmNodesPerCluster)
                .amdNodesPerCluster(amdNodesPerCluster)
                .projectsPerCluster(Math.max(2, nodesPerCluster)).build();
        return PlatformOptions.of(projectRoot, fleet).withPorts(workerPort, sitePort, managementPorts)
                .withHistory(new HistoryOptions(Duration.ofDays(historyDays), Duration.ofMinutes(historyStepMinutes)));
    }
}
