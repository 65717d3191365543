package org.aitelemetry.devkit.fleet;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What tests changed on a running simulator: nodes taken away, energy counters reset, GPUs and MIG slices whose pod
 * let go, VMs stopped. Read by concurrent scrapes.
 */
final class FleetState {

    private final Instant epoch;
    private final Set<FleetNode> removed = ConcurrentHashMap.newKeySet();
    private final Map<FleetNode, Instant> energyResets = new ConcurrentHashMap<>();
    /** Released whole GPUs by UUID, slices as {@code UUID/GPU_I_ID}. */
    private final Set<String> released = ConcurrentHashMap.newKeySet();
    private final Set<FleetVm> stopped = ConcurrentHashMap.newKeySet();

    FleetState(Instant epoch) {
        this.epoch = epoch;
    }

    boolean isPresent(FleetNode node) {
        return !removed.contains(node);
    }

    void remove(FleetNode node) {
        removed.add(node);
    }

    void restore(FleetNode node) {
        removed.remove(node);
    }

    void resetEnergy(FleetNode node, Instant at) {
        energyResets.put(node, at);
    }

    /** Where the node's energy counters start from: the epoch, or the last reset. */
    Instant energySince(FleetNode node) {
        return energyResets.getOrDefault(node, epoch);
    }

    void release(FleetDevice device, MigSlice slice, boolean released) {
        if (released) {
            this.released.add(key(device, slice));
        } else {
            this.released.remove(key(device, slice));
        }
    }

    boolean isReleased(FleetDevice device, MigSlice slice) {
        return !released.isEmpty() && released.contains(key(device, slice));
    }

    boolean isRunning(FleetVm vm) {
        return !stopped.contains(vm);
    }

    void stop(FleetVm vm) {
        stopped.add(vm);
    }

    void start(FleetVm vm) {
        stopped.remove(vm);
    }

    /** A whole GPU by its UUID, a MIG instance as {@code UUID/GPU_I_ID}. */
    static String key(FleetDevice device, MigSlice slice) {
        return slice == null ? device.uuid() : device.uuid() + "/" + slice.gpuInstanceId();
    }
}
