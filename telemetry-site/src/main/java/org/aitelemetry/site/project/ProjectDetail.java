package org.aitelemetry.site.project;

import java.time.OffsetDateTime;
import java.util.List;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.session.SessionView;
import org.aitelemetry.site.statement.StatementView;
import org.aitelemetry.site.vm.VirtualMachineView;

/**
 * A research project's page: the project and its health flags, its usage over the chosen window (from the hourly
 * rollups), the GPUs it holds that are idle now, its latest usage sessions, its virtual machines with GPUs (the first
 * page of them) and its latest statements.
 */
public record ProjectDetail(ProjectView project, ProjectUsage usage, UsageWindow window, List<IdleGpu> idleGpus,
        List<SessionView> sessions, Page<VirtualMachineView> virtualMachines, List<StatementView> statements) {

    /** A GPU the project holds (an open session) that is below the busy threshold now. */
    public record IdleGpu(String uuid, String node, Double utilizationPercent, String pod, OffsetDateTime since) {
    }

    /**
     * Metered GPU-hours the project did not use, as a share: the waste a manager looks for. A VM's hours are left out,
     * as nothing says whether its GPUs worked.
     */
    public Double idleShare() {
        double metered = usage.totals().gpuHoursAllocated() - usage.totals().unmeteredGpuHours();
        return metered > 0 ? usage.totals().idleGpuHours() / metered : null;
    }
}
