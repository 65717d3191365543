package org.aitelemetry.worker.kube.token;

import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import java.util.Set;
import org.aitelemetry.worker.kube.KubeClusters;
import org.aitelemetry.worker.kube.KubeConfig;
import org.aitelemetry.worker.probe.ProbeRunResource;

/**
 * Bearer tokens of probe Pods (Kubernetes service-account tokens) on the probe ingest, and nowhere else: on any other
 * path, or for a token that is not a service-account token, it steps aside and quarkus-oidc judges the token (which
 * refuses a Kubernetes token, so it can never reach the webhook or anything else). The token's issuer picks the
 * cluster that reviews it; a token of no configured cluster is refused. It runs before quarkus-oidc, which would
 * refuse the token as one it cannot verify.
 */
@ApplicationScoped
class ProbeTokenMechanism implements HttpAuthenticationMechanism {

    private static final String BEARER = "Bearer ";

    private final boolean enabled;
    private final KubeClusters clusters;

    ProbeTokenMechanism(KubeConfig config, KubeClusters clusters) {
        this.enabled = config.enabled() && config.probeToken().enabled();
        this.clusters = clusters;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identities) {
        Optional<String> token = enabled && ProbeRunResource.PATH.equals(context.normalizedPath())
                ? bearer(context) : Optional.empty();
        Optional<UnverifiedClaims> claims = token.flatMap(UnverifiedClaims::of);
        if (claims.isEmpty()) {
            return Uni.createFrom().nullItem();
        }
        String issuer = claims.get().issuer();
        return clusters.issuing(issuer)
                .map(cluster -> identities.authenticate(new ProbeTokenRequest(token.get(), claims.get(), cluster)))
                .orElseGet(() -> Uni.createFrom().failure(new ProbeTokenRejectedException(
                        "no cluster of this worker issues service-account tokens as " + issuer)
                        .asAuthenticationFailure()));
    }

    private static Optional<String> bearer(RoutingContext context) {
        String header = context.request().getHeader(HttpHeaders.AUTHORIZATION);
        return header != null && header.regionMatches(true, 0, BEARER, 0, BEARER.length())
                ? Optional.of(header.substring(BEARER.length()).strip()) : Optional.empty();
    }

    /** quarkus-oidc's challenge ({@code WWW-Authenticate: Bearer}) serves; {@link ProbeTokenFailures} adds a reason. */
    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        return Uni.createFrom().nullItem();
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return Set.of(ProbeTokenRequest.class);
    }

    @Override
    public int getPriority() {
        return DEFAULT_PRIORITY + 100;
    }
}
