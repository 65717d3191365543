package org.aitelemetry.site.fleet;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.TimeWindow;
import org.aitelemetry.site.health.DeviceHealthQueries;
import org.aitelemetry.site.health.ProbeRunQueries;
import org.aitelemetry.site.security.Caller;
import org.aitelemetry.site.session.SessionFilters;
import org.aitelemetry.site.session.SessionQueries;

/**
 * The GPU page's reads: the device first (an unknown one costs one query), then the rest together. Sessions and slice
 * holders come through the API's caller-scoped queries, so a researcher sees only its own projects' on this GPU.
 */
@ApplicationScoped
public class DeviceOverviewService {

    /** Probe results, verdicts and sessions shown, newest first. */
    static final int SHOWN = 20;

    private final DeviceQueries devices;
    private final NodeQueries nodes;
    private final ProbeRunQueries probes;
    private final DeviceHealthQueries verdicts;
    private final SessionQueries sessions;
    private final SliceQueries slices;

    public DeviceOverviewService(DeviceQueries devices, NodeQueries nodes, ProbeRunQueries probes,
            DeviceHealthQueries verdicts, SessionQueries sessions, SliceQueries slices) {
        this.devices = devices;
        this.nodes = nodes;
        this.probes = probes;
        this.verdicts = verdicts;
        this.sessions = sessions;
        this.slices = slices;
    }

    /** The overview, or null when there is no such GPU. */
    public Uni<DeviceOverview> overview(Caller caller, String uuid) {
        return devices.byUuid(uuid).flatMap(device -> device == null ? Uni.createFrom().nullItem()
                : around(caller, device));
    }

    private Uni<DeviceOverview> around(Caller caller, DeviceView device) {
        String uuid = device.uuid();
        PageRequest newest = new PageRequest(0, SHOWN);
        SessionFilters onThisGpu = new SessionFilters(null, null, uuid, null, new TimeWindow(null, null));
        return Uni.combine().all().unis(nodes.addressOfDevice(uuid), probes.testsOfDevice(uuid, SHOWN),
                verdicts.history(uuid, null, null, newest), sessions.newestFirst(caller, onThisGpu, newest),
                slices.ofDevice(caller, uuid))
                .with((address, probeTests, history, usage, itsSlices) -> new DeviceOverview(device, address,
                        probeTests, history, usage, itsSlices));
    }
}
