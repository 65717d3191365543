package org.aitelemetry.worker.kube.token;

import io.quarkus.security.identity.request.BaseAuthenticationRequest;
import org.aitelemetry.worker.kube.KubeCluster;

/** A probe's Kubernetes token, to be reviewed by the cluster its issuer names. */
final class ProbeTokenRequest extends BaseAuthenticationRequest {

    private final String token;
    private final UnverifiedClaims claims;
    private final KubeCluster cluster;

    ProbeTokenRequest(String token, UnverifiedClaims claims, KubeCluster cluster) {
        this.token = token;
        this.claims = claims;
        this.cluster = cluster;
    }

    String token() {
        return token;
    }

    UnverifiedClaims claims() {
        return claims;
    }

    KubeCluster cluster() {
        return cluster;
    }
}
