package org.aitelemetry.worker.kube.token;

import io.quarkus.security.AuthenticationFailedException;

/**
 * A Kubernetes token the probe ingest does not accept (401); the reason says why, never echoing the token. Quarkus
 * answers 401 only to its own (final) {@link AuthenticationFailedException}, so it travels as that one's cause.
 */
public class ProbeTokenRejectedException extends RuntimeException {

    public ProbeTokenRejectedException(String reason) {
        super(reason);
    }

    AuthenticationFailedException asAuthenticationFailure() {
        return new AuthenticationFailedException(getMessage(), this);
    }
}
