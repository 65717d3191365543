package org.aitelemetry.site.fleet;

/** How many GPUs of a vendor's model are present, for pages that list the models of a mixed fleet. */
public record GpuModelCount(String vendor, String model, int gpus) {
}
