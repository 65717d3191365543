package org.aitelemetry.worker.kube.token;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.authentication.TokenReview;
import io.fabric8.kubernetes.api.model.authentication.TokenReviewBuilder;
import io.fabric8.kubernetes.api.model.authentication.TokenReviewStatus;
import io.fabric8.kubernetes.api.model.authentication.UserInfo;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.aitelemetry.worker.kube.KubeCluster;
import org.aitelemetry.worker.kube.KubeConfig;
import org.aitelemetry.worker.probe.NodeScopedPrincipal;
import org.aitelemetry.worker.probe.ProbeNodeScope;
import org.jboss.logging.Logger;

/**
 * Asks a cluster's API server who a probe's token belongs to (a TokenReview for the worker's audience) and accepts only
 * the probe ServiceAccount of that cluster's probe namespace, bound to a Pod. The node is the one the API server names
 * (Kubernetes 1.30+ puts it in the review's extra); older servers name only the Pod, whose node is then read from the
 * Pod itself (its uid checked, so a new Pod of the same name is not taken for the token's). Blocking: the caller runs
 * it off the event loop.
 */
@ApplicationScoped
public class ProbeTokenReviewer {

    static final String NODE_NAME = "authentication.kubernetes.io/node-name";
    static final String POD_NAME = "authentication.kubernetes.io/pod-name";
    static final String POD_UID = "authentication.kubernetes.io/pod-uid";
    private static final Logger LOG = Logger.getLogger(ProbeTokenReviewer.class);

    private final String audience;
    private final String serviceAccount;
    private final MeterRegistry registry;

    ProbeTokenReviewer(KubeConfig config, MeterRegistry registry) {
        this.audience = config.probeToken().audience();
        this.serviceAccount = config.probeToken().serviceAccount();
        this.registry = registry;
    }

    /**
     * The probe the cluster attests the token to be, bound to its Pod's node in that cluster; counted in
     * {@code telemetry_probe_token_reviews_total{cluster, outcome}} (accepted, refused, unavailable): the reviews'
     * cost to each API server.
     */
    public NodeScopedPrincipal review(KubeCluster cluster, String token) {
        try {
            NodeScopedPrincipal probe = attested(cluster, token);
            count(cluster, "accepted");
            return probe;
        } catch (ProbeTokenRejectedException refusal) {
            count(cluster, "refused");
            throw refusal;
        } catch (TokenReviewUnavailableException outage) {
            count(cluster, "unavailable");
            throw outage;
        }
    }

    private void count(KubeCluster cluster, String outcome) {
        Counter.builder("telemetry.probe.token.reviews").tag("cluster", cluster.name()).tag("outcome", outcome)
                .description("TokenReviews of probe Pods' tokens, by cluster and outcome").register(registry)
                .increment();
    }

    private NodeScopedPrincipal attested(KubeCluster cluster, String token) {
        TokenReview review = new TokenReviewBuilder().withNewSpec().withToken(token).withAudiences(audience).endSpec()
                .build();
        TokenReviewStatus status = call(cluster, "review the token",
                () -> cluster.client().resource(review).create()).getStatus();
        if (status == null || !Boolean.TRUE.equals(status.getAuthenticated())) {
            String error = status == null || status.getError() == null ? "" : ": " + status.getError();
            throw rejected(cluster, "did not authenticate the token" + error);
        }
        if (status.getAudiences() == null || !status.getAudiences().contains(audience)) {
            throw rejected(cluster, "authenticated the token, but not for the audience " + audience);
        }
        String expected = "system:serviceaccount:" + cluster.probeNamespace() + ":" + serviceAccount;
        UserInfo user = status.getUser();
        String username = user == null ? null : user.getUsername();
        if (!expected.equals(username)) {
            throw rejected(cluster, "names the token's owner " + username + ", not the probes' " + expected);
        }
        String node = extra(user, NODE_NAME).orElseGet(() -> nodeOfPod(cluster, user));
        return new NodeScopedPrincipal(username, new ProbeNodeScope.Node(cluster.name(), node));
    }

    /** The node of the Pod the token is bound to, for API servers that do not name the node themselves. */
    private String nodeOfPod(KubeCluster cluster, UserInfo user) {
        String name = extra(user, POD_NAME).orElseThrow(() -> rejected(cluster,
                "names no Pod the token is bound to: only a projected token of a probe Pod is accepted"));
        String uid = extra(user, POD_UID).orElse(null);
        Pod pod = call(cluster, "read the token's Pod " + name,
                () -> cluster.client().pods().inNamespace(cluster.probeNamespace()).withName(name).get());
        if (pod == null || uid == null || !uid.equals(pod.getMetadata().getUid())) {
            throw rejected(cluster, "bound the token to the Pod " + name + ", which no longer exists");
        }
        String node = pod.getSpec().getNodeName();
        if (node == null || node.isBlank()) {
            throw rejected(cluster, "bound the token to the Pod " + name + ", which runs on no node");
        }
        return node;
    }

    private static Optional<String> extra(UserInfo user, String key) {
        List<String> values = user.getExtra() == null ? null : user.getExtra().get(key);
        return values == null ? Optional.empty() : values.stream().filter(value -> !value.isBlank()).findFirst();
    }

    private static <T> T call(KubeCluster cluster, String what, Supplier<T> request) {
        try {
            return request.get();
        } catch (RuntimeException e) {
            // The client's failures (KubernetesClientException; an unreadable token file of a remote cluster): 401/403
            // here is the worker's own credential or RBAC (tokenreviews create, pods get), never the probe's.
            int status = e instanceof KubernetesClientException failure ? failure.getCode() : 0;
            LOG.warnf("The API server of cluster %s could not %s (HTTP %d): %s", cluster.name(), what, status,
                    e.getMessage());
            throw new TokenReviewUnavailableException("the API server of cluster " + cluster.name() + " could not "
                    + what + "; retry", e);
        }
    }

    private static ProbeTokenRejectedException rejected(KubeCluster cluster, String reason) {
        return new ProbeTokenRejectedException("the API server of cluster " + cluster.name() + " " + reason);
    }
}
