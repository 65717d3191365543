package org.aitelemetry.worker.kube;

import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.AffinityBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.SecurityContextBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.aitelemetry.worker.kube.CheckRequest.TargetNode;

/**
 * The gpu-probe Job of one health-check request on one node. The pod requests the GPUs it tests
 * ({@code nvidia.com/gpu}, and {@code nvidia.com/mig-<profile>} for MIG slices; {@code amd.com/gpu} on an AMD node,
 * where it runs the probe's ROCm image), so the device plugin gives it only
 * free GPUs and it never runs beside another job; it is bound to the node by required node affinity rather than
 * {@code nodeName}, so that it waits in the scheduler for its GPUs (a {@code nodeName} pod would be rejected by the
 * kubelet) until {@code probe-deadline}. It runs at the low preemptible PriorityClass, never retried (backoffLimit 0),
 * as a non-root, unprivileged, read-only container without the automounted service-account token (with
 * {@code probe-token} on, only a projected one for the worker's audience, its credential), and is cleaned up after
 * {@code job-ttl}. Its name is derived from the request and the node, so creating it twice is harmless (the API answers
 * 409).
 */
@ApplicationScoped
public class ProbeJobs {

    /** Label carrying the request id on every Job of that request. */
    public static final String REQUEST_LABEL = "aitelemetry.org/health-check";

    /** Annotation naming the Job's node (a node name may be longer than a label value). */
    public static final String NODE_ANNOTATION = "aitelemetry.org/node";

    static final String GPU_RESOURCE = "nvidia.com/gpu";

    /**
     * AMD's device plugin in its default (single) naming gives whole GPUs and partitions alike as {@code amd.com/gpu}:
     * a check of partitions requests that many.
     */
    static final String AMD_GPU_RESOURCE = "amd.com/gpu";

    static final String TOKEN_DIR = "/var/run/secrets/aitelemetry";

    private final KubeConfig config;

    ProbeJobs(KubeConfig config) {
        this.config = config;
    }

    /** {@code gpu-probe-<request id>-<8 hex of the node name>}: at most 55 characters, a valid label value. */
    public static String name(UUID requestId, String node) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(node.getBytes(StandardCharsets.UTF_8));
            return "gpu-probe-" + requestId + "-" + HexFormat.of().formatHex(hash, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public Job job(String namespace, UUID requestId, TargetNode target, List<String> tests) {
        String node = target.name();
        return new JobBuilder()
                .withNewMetadata().withName(name(requestId, node)).withNamespace(namespace)
                    .addToLabels(REQUEST_LABEL, requestId.toString())
                    .addToLabels("app.kubernetes.io/name", "gpu-probe")
                    .addToAnnotations(NODE_ANNOTATION, node).endMetadata()
                .withNewSpec().withBackoffLimit(0)
                    .withTtlSecondsAfterFinished((int) config.jobTtl().toSeconds())
                    .withActiveDeadlineSeconds(config.probeDeadline().toSeconds())
                    .withNewTemplate()
                        .withNewMetadata().addToLabels(REQUEST_LABEL, requestId.toString()).endMetadata()
                        .withNewSpec().withRestartPolicy("Never").withAffinity(onNode(node))
                            .withPriorityClassName(config.priorityClass())
                            .withServiceAccountName(serviceAccount())
                            .withAutomountServiceAccountToken(false)
                            .withNewSecurityContext().withRunAsNonRoot(true).withNewSeccompProfile()
                                .withType("RuntimeDefault").endSeccompProfile().endSecurityContext()
                            // The node may carry our own taint: a check must still run there to clear it.
                            .addNewToleration().withKey(config.taintKey()).withOperator("Exists").endToleration()
                            .addNewContainer().withName("gpu-probe")
                                .withImage(target.amd() ? config.probeImageAmd() : config.probeImage())
                                .withArgs(args(requestId, target, tests)).withResources(resources(target))
                                .withSecurityContext(restricted())
                                .addNewVolumeMount().withName("token").withMountPath(TOKEN_DIR).withReadOnly(true)
                                .endVolumeMount()
                                .addNewVolumeMount().withName("tmp").withMountPath("/tmp").endVolumeMount()
                            .endContainer()
                            .addToVolumes(tokenVolume(node))
                            .addNewVolume().withName("tmp").withNewEmptyDir().endEmptyDir().endVolume()
                        .endSpec()
                    .endTemplate()
                .endSpec().build();
    }

    /**
     * The probe's credential: a projected token of the probe ServiceAccount for the worker's audience, which the
     * kubelet binds to the Pod and renews ({@code probe-token}), else the token Secret.
     */
    private Volume tokenVolume(String node) {
        KubeConfig.ProbeToken token = config.probeToken();
        if (!token.enabled()) {
            return new VolumeBuilder().withName("token").withNewSecret().withSecretName(tokenSecret(node)).endSecret()
                    .build();
        }
        return new VolumeBuilder().withName("token").withNewProjected().addNewSource().withNewServiceAccountToken()
                .withAudience(token.audience()).withExpirationSeconds(token.expiry().toSeconds())
                .withPath(config.tokenSecretKey()).endServiceAccountToken().endSource().endProjected().build();
    }

    /** The probe ServiceAccount with projected tokens; without, the namespace's default (the Pod mounts no token). */
    private String serviceAccount() {
        return config.probeToken().enabled() ? config.probeToken().serviceAccount() : null;
    }

    /** One Secret for every node, or with {@code {node}} in its name one per node (node-scoped probe tokens). */
    String tokenSecret(String node) {
        return config.tokenSecret().replace("{node}", node);
    }

    private List<String> args(UUID requestId, TargetNode target, List<String> tests) {
        List<String> args = new ArrayList<>(List.of("--push", config.workerUrl() + "/api/ingest/v1/probe-runs",
                "--request-id", requestId.toString(), "--token-file", TOKEN_DIR + "/" + config.tokenSecretKey()));
        if (!target.gpuUuids().isEmpty()) {
            args.addAll(List.of("--gpus", String.join(",", target.gpuUuids())));
        }
        if (!tests.isEmpty()) {
            args.addAll(List.of("--tests", String.join(",", tests)));
        }
        return args;
    }

    /** The GPUs and slices tested, requested and limited alike (extended resources need both equal). */
    private ResourceRequirements resources(TargetNode target) {
        KubeConfig.ProbeResources sizes = config.probeResources();
        Map<String, Quantity> requests = new LinkedHashMap<>(Map.of("cpu", new Quantity(sizes.cpuRequest()),
                "memory", new Quantity(sizes.memoryRequest())));
        Map<String, Quantity> limits = new LinkedHashMap<>(Map.of("cpu", new Quantity(sizes.cpuLimit()),
                "memory", new Quantity(sizes.memoryLimit())));
        Map<String, Quantity> devices = new LinkedHashMap<>();
        if (target.amd()) {
            int gpus = target.gpus() + target.migSlices().values().stream().mapToInt(Integer::intValue).sum();
            devices.put(AMD_GPU_RESOURCE, new Quantity(Integer.toString(gpus)));
        } else {
            if (target.gpus() > 0) {
                devices.put(GPU_RESOURCE, new Quantity(Integer.toString(target.gpus())));
            }
            target.migSlices().forEach((profile, count) ->
                    devices.put("nvidia.com/mig-" + profile, new Quantity(Integer.toString(count))));
        }
        requests.putAll(devices);
        limits.putAll(devices);
        return new ResourceRequirementsBuilder().withRequests(requests).withLimits(limits).build();
    }

    private static Affinity onNode(String node) {
        return new AffinityBuilder().withNewNodeAffinity().withNewRequiredDuringSchedulingIgnoredDuringExecution()
                .addNewNodeSelectorTerm().addNewMatchField().withKey("metadata.name").withOperator("In")
                .withValues(node).endMatchField().endNodeSelectorTerm()
                .endRequiredDuringSchedulingIgnoredDuringExecution().endNodeAffinity().build();
    }

    private static SecurityContext restricted() {
        return new SecurityContextBuilder().withRunAsNonRoot(true).withAllowPrivilegeEscalation(false)
                .withReadOnlyRootFilesystem(true).withNewCapabilities().withDrop("ALL").endCapabilities()
                .withNewSeccompProfile().withType("RuntimeDefault").endSeccompProfile().build();
    }

    /** The node a Job of ours runs on, from its annotation. */
    static String node(Job job) {
        return job.getMetadata().getAnnotations() == null ? null
                : job.getMetadata().getAnnotations().get(NODE_ANNOTATION);
    }
}
