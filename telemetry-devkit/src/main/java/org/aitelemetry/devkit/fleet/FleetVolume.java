package org.aitelemetry.devkit.fleet;

/** A project's persistent volume claim, as kubelet volume stats report it. */
public record FleetVolume(FleetProject project, String claim, long capacityBytes, long usedBytes) {

    /** Past the 95 % the project health flag looks for. */
    public boolean full() {
        return usedBytes > capacityBytes * 0.95;
    }
}
