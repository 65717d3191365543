package org.aitelemetry.worker.sync;

/** Tokens for the bearer-mode test; a constant so the test resource's annotation can name it. */
final class BearerTokens {

    static final String GOOD = "sha256~throwaway-service-account-token";

    private BearerTokens() {
    }
}
