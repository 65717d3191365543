package org.aitelemetry.devkit.fleet;

/**
 * A GPU node. Node names repeat across clusters, as they do in real fleets: a node is identified by cluster and name.
 *
 * @param exporterPod the dcgm-exporter pod on the node, named in {@link LabelVariant#FEDERATED} series
 */
public record FleetNode(String cluster, String name, GpuModel model, String driverVersion, String kernelVersion,
        String osImage, String exporterPod) {

    /** The {@code nvidia.com/cuda.driver.major} node label, e.g. {@code 550}. */
    public String cudaDriverMajor() {
        return driverVersion.substring(0, driverVersion.indexOf('.'));
    }
}
