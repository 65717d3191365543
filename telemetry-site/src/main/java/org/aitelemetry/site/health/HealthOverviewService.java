package org.aitelemetry.site.health;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.security.Caller;

/** The health page's reads, run together. The caller's requests come scoped as in the API; the rest is inventory. */
@ApplicationScoped
public class HealthOverviewService {

    private static final int SHOWN = 50;
    private static final int RUNS_AND_REQUESTS_SHOWN = 20;

    private final ProbeRunQueries runs;
    private final DeviceHealthQueries devices;
    private final NodeTaintQueries nodes;
    private final HealthCheckQueries requests;

    public HealthOverviewService(ProbeRunQueries runs, DeviceHealthQueries devices, NodeTaintQueries nodes,
            HealthCheckQueries requests) {
        this.runs = runs;
        this.devices = devices;
        this.nodes = nodes;
        this.requests = requests;
    }

    public Uni<HealthOverview> overview(Caller caller) {
        return Uni.combine().all().unis(runs.latest(RUNS_AND_REQUESTS_SHOWN), devices.unhealthy(SHOWN),
                runs.slowGpus(SHOWN),
                requests.list(caller, null, null, new PageRequest(0, RUNS_AND_REQUESTS_SHOWN)).map(Page::items),
                requests.clusterNames(), nodes.untainted(SHOWN))
                .with(HealthOverview::new);
    }
}
