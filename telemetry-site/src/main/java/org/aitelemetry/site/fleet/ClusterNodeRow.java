package org.aitelemetry.site.fleet;

/** A row of the cluster page's node table: the node's present GPUs, how many are busy now, and its verdict. */
public record ClusterNodeRow(long id, String name, String gpuProduct, int gpus, int busy, String health,
        String healthReason, String state) {

    public int idle() {
        return gpus - busy;
    }
}
