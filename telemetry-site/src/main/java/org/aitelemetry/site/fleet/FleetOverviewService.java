package org.aitelemetry.site.fleet;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import org.aitelemetry.site.health.DeviceHealthQueries;
import org.aitelemetry.site.price.PriceSheetQueries;
import org.aitelemetry.site.project.ProjectUsageQueries;
import org.aitelemetry.site.security.Caller;

/**
 * The fleet overview's six reads, run together: inventory counts and GPUs per vendor and model (every role), the top
 * projects by GPU-hours over the last week from the hourly rollups (the caller's projects only), the GPUs not known
 * healthy, worst first, the metric sources' notices and the currency of the active price sheet.
 */
@ApplicationScoped
public class FleetOverviewService {

    static final Duration TOP_PROJECTS_WINDOW = Duration.ofDays(7);
    private static final int TOP = 10;

    private final ClusterQueries clusters;
    private final ProjectUsageQueries usage;
    private final DeviceHealthQueries health;
    private final SourceNoticeQueries sources;
    private final PriceSheetQueries prices;
    private final Clock clock;

    public FleetOverviewService(ClusterQueries clusters, ProjectUsageQueries usage, DeviceHealthQueries health,
            SourceNoticeQueries sources, PriceSheetQueries prices) {
        this.clusters = clusters;
        this.usage = usage;
        this.health = health;
        this.sources = sources;
        this.prices = prices;
        this.clock = Clock.systemUTC();
    }

    public Uni<FleetOverview> overview(Caller caller) {
        return Uni.combine().all().unis(clusters.summaries(), clusters.modelCounts(null),
                usage.topByGpuHours(caller, clock.instant().minus(TOP_PROJECTS_WINDOW), TOP), health.unhealthy(TOP),
                sources.withMessage(), prices.activeCurrency())
                .with((summaries, models, topProjects, unhealthy, notices, currency) -> new FleetOverview(
                        summaries, models, topProjects, unhealthy, notices, currency));
    }
}
