package org.aitelemetry.site.fleet;

import java.util.List;
import org.aitelemetry.site.api.Page;
import org.aitelemetry.site.health.DeviceHealthPage;
import org.aitelemetry.site.health.ProbeTestRow;
import org.aitelemetry.site.session.SessionView;

/**
 * The GPU page: the device with its latest readings, where it sits, its probe tests against their baselines, its
 * verdicts, the caller's projects' usage sessions on it, and its MIG slices (holders shown as the API shows them).
 */
public record DeviceOverview(DeviceView device, NodeAddress address, List<ProbeTestRow> probeTests,
        DeviceHealthPage verdicts, Page<SessionView> sessions, List<SliceView> slices) {
}
