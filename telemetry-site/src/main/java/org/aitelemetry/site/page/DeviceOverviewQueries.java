package org.aitelemetry.site.page;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.aitelemetry.site.api.PageRequest;
import org.aitelemetry.site.api.TimeWindow;
import org.aitelemetry.site.fleet.DeviceQueries;
import org.aitelemetry.site.fleet.DeviceView;
import org.aitelemetry.site.fleet.FleetFilter;
import org.aitelemetry.site.fleet.SliceFilter;
import org.aitelemetry.site.fleet.SliceQueries;
import org.aitelemetry.site.health.DeviceHealthQueries;
import org.aitelemetry.site.session.SessionFilters;
import org.aitelemetry.site.session.SessionQueries;
import org.aitelemetry.site.security.Caller;

/**
 * The GPU page's reads: the device first (an unknown one costs one query), then the rest together. Sessions and slice
 * holders come through the API's caller-scoped queries, so a researcher sees only its own projects' on this GPU.
 */
@ApplicationScoped
public class DeviceOverviewQueries {

    /** Probe results, verdicts and sessions shown, newest first. */
    static final int SHOWN = 20;
    /** More than the seven slices a MIG GPU can hold. */
    private static final PageRequest ALL_SLICES = new PageRequest(0, 16);

    private final DeviceQueries devices;
    private final NodeAddressQueries addresses;
    private final ProbeHistoryQueries probes;
    private final DeviceHealthQueries verdicts;
    private final SessionQueries sessions;
    private final SliceQueries slices;

    public DeviceOverviewQueries(DeviceQueries devices, NodeAddressQueries addresses, ProbeHistoryQueries probes,
            DeviceHealthQueries verdicts, SessionQueries sessions, SliceQueries slices) {
        this.devices = devices;
        this.addresses = addresses;
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
        SliceFilter ofThisGpu = new SliceFilter(new FleetFilter(null, null, null, null, null), uuid, null);
        return Uni.combine().all().unis(addresses.ofDevice(uuid), probes.latest(uuid, SHOWN),
                verdicts.history(uuid, null, null, newest),
                sessions.list(caller, onThisGpu, "s.starts_at DESC, s.id DESC", newest),
                slices.list(caller, ofThisGpu, "s.gpu_instance_id, s.id", ALL_SLICES))
                .with((address, probeTests, history, usage, itsSlices) -> new DeviceOverview(device, address,
                        probeTests, history, usage, itsSlices.items()));
    }
}
