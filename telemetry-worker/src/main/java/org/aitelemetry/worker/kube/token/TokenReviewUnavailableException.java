package org.aitelemetry.worker.kube.token;

/** The cluster could not review a probe's token (its API server unreachable, failing or refusing us): 503, retry. */
public class TokenReviewUnavailableException extends RuntimeException {

    public TokenReviewUnavailableException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
