package org.aitelemetry.devkit.fleet;

/**
 * One simulated cluster: its name (the {@code cluster} label ACM adds, and part of the simulator's paths) and how its
 * GPU series are labelled.
 */
public record ClusterSpec(String name, LabelVariant labels) {

    public ClusterSpec {
        if (!name.matches("[a-z0-9]([a-z0-9-]*[a-z0-9])?")) {
            throw new IllegalArgumentException("cluster names are DNS labels: " + name);
        }
    }
}
