package org.aitelemetry.worker.kube.token;

import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import org.aitelemetry.worker.kube.KubeConfig;
import org.aitelemetry.worker.probe.NodeScopedPrincipal;
import org.aitelemetry.worker.probe.ProbeRunResource;

/**
 * Turns a probe's Kubernetes token into the identity of a probe-writer bound to its cluster and node: from a recent
 * review of the same token, or from a new one, run off the event loop (the client blocks).
 */
@ApplicationScoped
class ProbeTokenIdentityProvider implements IdentityProvider<ProbeTokenRequest> {

    private final ProbeTokenReviewer reviewer;
    private final ReviewCache cache;

    ProbeTokenIdentityProvider(ProbeTokenReviewer reviewer, KubeConfig config) {
        this.reviewer = reviewer;
        this.cache = new ReviewCache(config.probeToken().reviewCacheTtl(), config.probeToken().reviewCacheSize(),
                Instant::now);
    }

    @Override
    public Class<ProbeTokenRequest> getRequestType() {
        return ProbeTokenRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(ProbeTokenRequest request, AuthenticationRequestContext context) {
        var reviewed = cache.get(request.token());
        if (reviewed.isPresent()) {
            return Uni.createFrom().item(identity(reviewed.get()));
        }
        return context.runBlocking(() -> {
            NodeScopedPrincipal principal = reviewer.review(request.cluster(), request.token());
            cache.put(request.token(), request.claims().expiry(), principal);
            return identity(principal);
        }).onFailure(ProbeTokenRejectedException.class)
                .transform(refusal -> ((ProbeTokenRejectedException) refusal).asAuthenticationFailure());
    }

    private static SecurityIdentity identity(NodeScopedPrincipal principal) {
        return QuarkusSecurityIdentity.builder().setPrincipal(principal).addRole(ProbeRunResource.PROBE_WRITER)
                .build();
    }
}
