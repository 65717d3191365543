package org.aitelemetry.devkit.fleet;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.aitelemetry.devkit.LoopbackHttpComponent;
import org.aitelemetry.devkit.prometheus.ScrapeTarget;

/**
 * Serves a simulated GPU fleet as the exporters of each cluster would: {@code /metrics/<cluster>/dcgm} (dcgm-exporter),
 * {@code /metrics/<cluster>/kube} (kube-state-metrics, kubelet volume stats, vLLM), {@code /metrics/<cluster>/kubevirt}
 * (KubeVirt, in clusters with VMs), {@code /metrics/<cluster>/amd} (AMD's device-metrics-exporter, in clusters with
 * AMD nodes), the hub's {@value #HUB_PATH} and, for forgery tests,
 * {@code /metrics/<cluster>/tenant} ({@link TenantForgery}). No {@code cluster} label is
 * served: the scraping Prometheus adds it per target, as ACM does. Readings are taken at the injected clock's time.
 */
public final class FleetSimulator extends LoopbackHttpComponent {

    /** The jobs of the NVIDIA GPU operator's dcgm-exporter and of kube-state-metrics on OpenShift. */
    public static final String DCGM_JOB = "nvidia-dcgm-exporter";
    public static final String KUBE_JOB = "kube-state-metrics";
    /** The job of KubeVirt's metrics Service, which OpenShift Virtualization scrapes honouring labels. */
    public static final String KUBEVIRT_JOB = "kubevirt-prometheus-metrics";
    /**
     * The job of AMD's device-metrics-exporter and the namespace its pod runs in, which its series carry in clusters
     * whose scrape does not honour labels ({@link LabelVariant#FEDERATED}), as dcgm-exporter's carry its own.
     */
    public static final String AMD_JOB = "amd-device-metrics-exporter";
    public static final String AMD_NAMESPACE = AmdExposition.EXPORTER_NAMESPACE;
    /** The job of a tenant's own exporter (its ServiceMonitor), which serves {@link TenantForgery}'s page. */
    public static final String TENANT_JOB = "tenant-app";
    /** The job and namespace of the ACM hub's clusterlifecycle-state-metrics (multicluster engine 2.x). */
    public static final String ACM_JOB = "clusterlifecycle-state-metrics-v2";
    public static final String ACM_NAMESPACE = "multicluster-engine";

    /** Prometheus scrapes both pages of every cluster at once; a few threads keep a big fleet's scrapes concurrent. */
    private static final int SERVER_THREADS = 4;

    private final FleetDefinition fleet;
    private final Clock clock;
    private final FleetReadings readings;
    private final FleetState state;
    private final DcgmExposition dcgm;
    private final KubeExposition kube;
    private final KubevirtExposition kubevirt;
    private final AmdExposition amd;
    private final TenantForgery forgery;
    private final HubExposition hub;
    private final Map<String, AtomicInteger> pagesServed = new ConcurrentHashMap<>();

    public FleetSimulator(FleetDefinition fleet, Clock clock) {
        super(SERVER_THREADS);
        this.fleet = fleet;
        this.clock = clock;
        this.readings = new FleetReadings(fleet);
        this.state = new FleetState(fleet.spec().epoch());
        this.dcgm = new DcgmExposition(fleet, readings, state);
        this.kube = new KubeExposition(fleet, state);
        this.kubevirt = new KubevirtExposition(fleet, state);
        this.amd = new AmdExposition(fleet, readings, state);
        this.hub = new HubExposition(fleet);
        this.forgery = new TenantForgery(fleet, hub);
    }

    public FleetSimulator(FleetDefinition fleet) {
        this(fleet, Clock.systemUTC());
    }

    @Override
    public String name() {
        return "fleet-simulator";
    }

    public FleetDefinition definition() {
        return fleet;
    }

    public FleetReadings readings() {
        return readings;
    }

    public static String dcgmPath(String cluster) {
        return "/metrics/" + cluster + "/dcgm";
    }

    public static String kubePath(String cluster) {
        return "/metrics/" + cluster + "/kube";
    }

    public static String kubevirtPath(String cluster) {
        return "/metrics/" + cluster + "/kubevirt";
    }

    public static String amdPath(String cluster) {
        return "/metrics/" + cluster + "/amd";
    }

    /** The ACM hub's page: its facts of every managed cluster. */
    public static final String HUB_PATH = "/metrics/hub";

    public static String tenantPath(String cluster) {
        return "/metrics/" + cluster + "/tenant";
    }

    /**
     * The worker's exporter selectors ({@code telemetry.exporters.*}) for this simulator: the jobs are the defaults,
     * but hub-a's GPU exporters are scraped honouring their labels, so their series carry the workload's namespace,
     * not the exporter's.
     */
    public static Map<String, String> workerExporterConfig() {
        return Map.of("telemetry.exporters.dcgm.job", DCGM_JOB, "telemetry.exporters.dcgm.namespace", "*",
                "telemetry.exporters.kube-state-metrics.job", KUBE_JOB,
                "telemetry.exporters.kubevirt.job", KUBEVIRT_JOB,
                "telemetry.exporters.amd.job", AMD_JOB, "telemetry.exporters.amd.namespace", "*");
    }

    public TenantForgery forgery() {
        return forgery;
    }

    public HubExposition hub() {
        return hub;
    }

    /**
     * Two targets per cluster, {@value #DCGM_JOB} and {@value #KUBE_JOB}, {@value #KUBEVIRT_JOB} where the cluster has
     * VMs and {@value #AMD_JOB} where it has AMD nodes, each labelled {@code cluster=<name>}, and the hub's
     * {@value #ACM_JOB}, labelled as ACM observability forwards the hub's own series ({@code cluster=local-cluster},
     * the exporter's namespace).
     */
    public List<ScrapeTarget> scrapeTargets() {
        if (port() == 0) {
            throw new IllegalStateException("start the simulator first: its port is chosen at start");
        }
        String address = "127.0.0.1:" + port();
        List<ScrapeTarget> targets = new ArrayList<>();
        for (ClusterSpec cluster : fleet.clusters()) {
            Map<String, String> labels = Map.of("cluster", cluster.name());
            exporterPages(cluster.name()).forEach((job, page) -> targets.add(new ScrapeTarget(job, address,
                    "/metrics/" + cluster.name() + "/" + page, labels)));
        }
        targets.add(new ScrapeTarget(ACM_JOB, address, HUB_PATH,
                Map.of("cluster", "local-cluster", "namespace", ACM_NAMESPACE)));
        return targets;
    }

    /** One target per cluster under {@value #TENANT_JOB}: a tenant's exporter forging the GPU exporters' series. */
    public List<ScrapeTarget> tenantTargets() {
        return scrapeTargets().stream().filter(target -> target.job().equals(DCGM_JOB))
                .map(target -> new ScrapeTarget(TENANT_JOB, target.address(),
                        tenantPath(target.labels().get("cluster")), target.labels()))
                .toList();
    }

    /**
     * The fewest times any scrape target's page has been served completely: once it is 2, the scraper has stored at
     * least one full scrape of every page (useful where the scraper's own API is behind mTLS).
     */
    public int fewestScrapes() {
        return scrapeTargets().stream()
                .mapToInt(target -> pagesServed.getOrDefault(target.metricsPath(), new AtomicInteger()).get())
                .min().orElse(0);
    }

    /** The node (NVIDIA or AMD), its GPUs and pods leave the pages, as when a node is drained and its exporter goes. */
    public void removeNode(String cluster, String node) {
        state.remove(fleet.node(cluster, node));
    }

    public void restoreNode(String cluster, String node) {
        state.restore(fleet.node(cluster, node));
    }

    /**
     * The VM stops: its instance and launcher pod go, so its GPU request and {@code kubevirt_vmi_info} leave both
     * pages. {@link #startVm} brings them back, under the same launcher pod.
     */
    public void stopVm(FleetVm vm) {
        state.stop(vm);
    }

    public void startVm(FleetVm vm) {
        state.start(vm);
    }

    /**
     * The pod holding a whole GPU lets go: its dcgm-exporter series lose the pod's labels (readings stay as they
     * were), so usage rules stop matching it. {@link #hold} gives it back to the same pod.
     */
    public void release(FleetDevice device) {
        state.release(device, null, true);
    }

    public void hold(FleetDevice device) {
        state.release(device, null, false);
    }

    /** The pod holding a MIG slice lets go, as {@link #release(FleetDevice)}. */
    public void release(FleetDevice device, MigSlice slice) {
        state.release(device, slice, true);
    }

    public void hold(FleetDevice device, MigSlice slice) {
        state.release(device, slice, false);
    }

    /**
     * From now on the dcgm-exporter pages leave out these metric families ({@code DCGM_FI_DEV_FB_FREE}, …), as an
     * operator's customised counter list does; an empty set restores the default list.
     */
    public void omitDcgmFamilies(Set<String> families) {
        Set<String> omitted = Set.copyOf(families);
        dcgm.omit(omitted::contains);
    }

    /** From now on the dcgm-exporter pages are empty, as an exporter whose every field failed. */
    public void omitEveryDcgmFamily() {
        dcgm.omit(family -> true);
    }

    /** The node's energy counters restart from zero now (clock time), as after a driver reload. */
    public void resetEnergy(String cluster, String node) {
        state.resetEnergy(fleet.node(cluster, node), clock.instant());
    }

    /** A cluster's exporter pages by job: kubevirt where it has VMs, amd where it has AMD nodes. */
    private Map<String, String> exporterPages(String cluster) {
        Map<String, String> pages = new LinkedHashMap<>(Map.of(DCGM_JOB, "dcgm"));
        pages.put(KUBE_JOB, "kube");
        if (!fleet.virtualMachines(cluster).isEmpty()) {
            pages.put(KUBEVIRT_JOB, "kubevirt");
        }
        if (!fleet.amdNodes(cluster).isEmpty()) {
            pages.put(AMD_JOB, "amd");
        }
        return pages;
    }

    /** Which page a path asks for: the hub's, a known cluster's exporter page or its tenant page; null for none. */
    private String page(String uri, String[] path) {
        if (uri.equals(HUB_PATH)) {
            return "hub";
        }
        boolean known = path.length == 4 && fleet.clusters().stream().anyMatch(c -> c.name().equals(path[2]))
                && (path[3].equals("tenant") || exporterPages(path[2]).containsValue(path[3]));
        return known ? path[3] : null;
    }

    @Override
    protected void handle(HttpExchange exchange) throws IOException {
        try {
            String[] path = exchange.getRequestURI().getPath().split("/");
            String page = page(exchange.getRequestURI().getPath(), path);
            if (page == null) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            if (!exchange.getRequestMethod().equals("GET")) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            exchange.getResponseHeaders().set("Content-Type", ExpositionWriter.CONTENT_TYPE);
            exchange.sendResponseHeaders(200, 0);
            OutputStream body = exchange.getResponseBody();
            switch (page) {
                case "dcgm" -> dcgm.write(path[2], clock.instant(), body);
                case "kube" -> kube.write(path[2], clock.instant(), body);
                case "kubevirt" -> kubevirt.write(path[2], body);
                case "amd" -> amd.write(path[2], clock.instant(), body);
                case "hub" -> hub.write(body);
                default -> forgery.write(path[2], body);
            }
            pagesServed.computeIfAbsent(exchange.getRequestURI().getPath(), p -> new AtomicInteger()).incrementAndGet();
        } finally {
            exchange.close();
        }
    }
}
