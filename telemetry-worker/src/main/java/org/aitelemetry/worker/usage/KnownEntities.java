package org.aitelemetry.worker.usage;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The devices, MIG slices and research projects of one source that the fleet sync has stored, by the keys series
 * carry: GPU UUID, (device, GPU instance id) and (cluster, namespace). A device's project is looked up in the device's
 * own cluster: a pod only ever holds GPUs of the cluster it runs in.
 */
record KnownEntities(Map<String, Device> devicesByUuid, Map<Long, Device> devicesById, Map<SliceKey, Slice> slicesByKey,
        Map<Long, Slice> slicesById, Map<ProjectKey, Long> projects) {

    record Device(long id, String uuid, long clusterId, String model) {
    }

    record Slice(long id, long deviceId, int gpuInstanceId, String profile) {
    }

    record SliceKey(long deviceId, int gpuInstanceId) {
    }

    record ProjectKey(long clusterId, String namespace) {
    }

    static KnownEntities of(Collection<Device> devices, Collection<Slice> slices, Map<ProjectKey, Long> projects) {
        return new KnownEntities(index(devices, Device::uuid), index(devices, Device::id),
                index(slices, slice -> new SliceKey(slice.deviceId(), slice.gpuInstanceId())), index(slices, Slice::id),
                Map.copyOf(projects));
    }

    boolean isEmpty() {
        return devicesById.isEmpty();
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
