package org.aitelemetry.worker.usage;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The devices, MIG slices, research projects and VMs of one source that the fleet sync has stored, by the keys series
 * carry: GPU UUID, (device, GPU instance id), (cluster, namespace) and (cluster name, namespace, VM name). A device's
 * project is looked up in the device's own cluster: a pod only ever holds GPUs of the cluster it runs in.
 */
record KnownEntities(Map<String, Device> devicesByUuid, Map<Long, Device> devicesById, Map<SliceKey, Slice> slicesByKey,
        Map<Long, Slice> slicesById, Map<ProjectKey, Long> projects, Map<VmKey, Vm> vms) {

    record Device(long id, String uuid, long clusterId, String model) {
    }

    record Slice(long id, long deviceId, int gpuInstanceId, String profile) {
    }

    record SliceKey(long deviceId, int gpuInstanceId) {
    }

    record ProjectKey(long clusterId, String namespace) {
    }

    /** @param gpuModel the SKU its GPUs are priced as */
    record Vm(long id, long clusterId, long projectId, VmKey key, String gpuModel) {
    }

    record VmKey(String cluster, String namespace, String name) {
    }

    static KnownEntities of(Collection<Device> devices, Collection<Slice> slices, Map<ProjectKey, Long> projects,
            Collection<Vm> vms) {
        return new KnownEntities(index(devices, Device::uuid), index(devices, Device::id),
                index(slices, slice -> new SliceKey(slice.deviceId(), slice.gpuInstanceId())), index(slices, Slice::id),
                Map.copyOf(projects), index(vms, Vm::key));
    }

    /** A source with neither GPUs nor VMs has nothing to roll up. */
    boolean isEmpty() {
        return devicesById.isEmpty() && vms.isEmpty();
    }

    Optional<Vm> vm(VmKey key) {
        return Optional.ofNullable(vms.get(key));
    }

    Optional<Device> device(String uuid) {
        return Optional.ofNullable(devicesByUuid.get(uuid));
    }

    Optional<Slice> slice(long deviceId, int gpuInstanceId) {
        return Optional.ofNullable(slicesByKey.get(new SliceKey(deviceId, gpuInstanceId)));
    }

    Optional<Long> project(long clusterId, String namespace) {
        return Optional.ofNullable(projects.get(new ProjectKey(clusterId, namespace)));
    }

    private static <K, V> Map<K, V> index(Collection<V> values, Function<V, K> key) {
        return values.stream().collect(Collectors.toUnmodifiableMap(key, Function.identity()));
    }
}
