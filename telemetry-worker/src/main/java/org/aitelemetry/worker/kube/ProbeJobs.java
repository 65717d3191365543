package org.aitelemetry.worker.kube;

import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The gpu-probe Job of one health-check request on one node: pinned with {@code nodeName}, at the low preemptible
 * PriorityClass, never retried (backoffLimit 0), cleaned up after {@code job-ttl}. Its name is derived from the request
 * and the node, so creating it twice is harmless (the API answers 409). Without {@code request-gpus} the container asks
 * for no GPU and sees all of them through the NVIDIA runtime's {@code NVIDIA_VISIBLE_DEVICES=all}: the check then runs
 * beside whatever holds the GPUs instead of waiting for them, and is not privileged.
 */
@ApplicationScoped
public class ProbeJobs {

    /** Label carrying the request id on every Job of that request. */
    public static final String REQUEST_LABEL = "aitelemetry.org/health-check";

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

    public Job job(UUID requestId, String node, int gpus, List<String> tests) {
        List<String> args = new ArrayList<>(List.of("--push", config.workerUrl() + "/api/ingest/v1/probe-runs",
                "--request-id", requestId.toString(), "--token-file", TOKEN_DIR + "/" + config.tokenSecretKey()));
        if (!tests.isEmpty()) {
            args.addAll(List.of("--tests", String.join(",", tests)));
        }
        Map<String, Quantity> gpuRequest = config.requestGpus() && gpus > 0
                ? Map.of("nvidia.com/gpu", new Quantity(Integer.toString(gpus))) : Map.of();
        return new JobBuilder()
                .withNewMetadata().withName(name(requestId, node)).withNamespace(config.probeNamespace())
                    .addToLabels(REQUEST_LABEL, requestId.toString())
                    .addToLabels("app.kubernetes.io/name", "gpu-probe").endMetadata()
                .withNewSpec().withBackoffLimit(0)
                    .withTtlSecondsAfterFinished((int) config.jobTtl().toSeconds())
                    .withNewTemplate()
                        .withNewMetadata().addToLabels(REQUEST_LABEL, requestId.toString()).endMetadata()
                        .withNewSpec().withRestartPolicy("Never").withNodeName(node)
                            .withPriorityClassName(config.priorityClass())
                            // The node may carry our own taint: a check must still run there to clear it.
                            .addNewToleration().withKey(config.taintKey()).withOperator("Exists").endToleration()
                            .addNewContainer().withName("gpu-probe").withImage(config.probeImage()).withArgs(args)
                                .addNewEnv().withName("NVIDIA_VISIBLE_DEVICES").withValue("all").endEnv()
                                .withResources(new ResourceRequirementsBuilder().withRequests(gpuRequest)
                                        .withLimits(gpuRequest).build())
                                .addNewVolumeMount().withName("token").withMountPath(TOKEN_DIR).withReadOnly(true)
                                .endVolumeMount()
                            .endContainer()
                            .addNewVolume().withName("token").withNewSecret().withSecretName(tokenSecret(node))
                                .endSecret().endVolume()
                        .endSpec()
                    .endTemplate()
                .endSpec().build();
    }

    /** One Secret for every node, or with {@code {node}} in its name one per node (node-scoped probe tokens). */
    String tokenSecret(String node) {
        return config.tokenSecret().replace("{node}", node);
    }
}
