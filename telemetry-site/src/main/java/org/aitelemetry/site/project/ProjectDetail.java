package org.aitelemetry.site.project;

import java.time.OffsetDateTime;
import java.util.List;
import org.aitelemetry.site.session.SessionView;
import org.aitelemetry.site.statement.StatementView;

/**
 * A research project's page: the project and its health flags, its usage over the chosen window (from the hourly
 * rollups), the GPUs it holds that are idle now, its latest usage sessions and its latest statements.
 */
public record ProjectDetail(ProjectView project, ProjectUsage usage, UsageWindow window, List<IdleGpu> idleGpus,
        List<SessionView> sessions, List<StatementView> statements) {

    /** A GPU the project holds (an open session) that is below the busy threshold now. */
    public record IdleGpu(String uuid, String node, Double utilizationPercent, String pod, OffsetDateTime since) {
    }

    /** Allocated GPU-hours the project did not use, as a share: the waste a manager looks for. */
    public Double idleShare() {
        double allocated = usage.totals().gpuHoursAllocated();
        return allocated > 0 ? usage.totals().idleGpuHours() / allocated : null;
    }
}
