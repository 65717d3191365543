package org.aitelemetry.worker.probe;

import io.fabric8.kubernetes.api.model.authentication.TokenReview;
import io.fabric8.kubernetes.api.model.authentication.TokenReviewStatus;
import io.fabric8.kubernetes.api.model.authentication.TokenReviewStatusBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The TokenReview API of one mock API server (expectations mode), a named stand-in answering the real API's JSON: a
 * token the test issued is authenticated as the user it was issued for when the review asks for one of its
 * audiences (as a real API server checks {@code spec.audiences}); any other review is unauthenticated. Counts reviews.
 */
final class TokenReviewStandIn {

    static final String AUDIENCE = "telemetry-worker";

    private final String issuer;
    private final Map<String, TokenReviewStatus> issued = new ConcurrentHashMap<>();
    private final AtomicInteger reviews = new AtomicInteger();

    TokenReviewStandIn(KubernetesMockServer server, String issuer) {
        this.issuer = issuer;
        server.expect().post().withPath("/apis/authentication.k8s.io/v1/tokenreviews")
                .andReply(201, this::answer).always();
    }

    /** A token of this cluster's issuer for the user, with the given audience and the user's extra. */
    String token(String audience, String username, Map<String, List<String>> extra) {
        String token = jwt(issuer, audience);
        issued.put(token, new TokenReviewStatusBuilder().withAuthenticated(true).withAudiences(audience)
                .withNewUser().withUsername(username).withExtra(extra).endUser().build());
        return token;
    }

    int reviews() {
        return reviews.get();
    }

    /** A service-account token's shape (issuer, audience, expiry, the kubernetes.io claim); the signature is moot. */
    static String jwt(String issuer, String audience) {
        String claims = "{\"iss\":\"" + issuer + "\",\"aud\":[\"" + audience + "\"],\"exp\":"
                + Instant.now().plusSeconds(3600).getEpochSecond() + ",\"jti\":\"" + UUID.randomUUID()
                + "\",\"kubernetes.io\":{\"namespace\":\"probes\"}}";
        Base64.Encoder base64 = Base64.getUrlEncoder().withoutPadding();
        return base64.encodeToString("{\"alg\":\"RS256\"}".getBytes(StandardCharsets.UTF_8)) + "."
                + base64.encodeToString(claims.getBytes(StandardCharsets.UTF_8)) + ".c2lnbmF0dXJl";
    }

    private Object answer(RecordedRequest request) {
        reviews.incrementAndGet();
        TokenReview review = Serialization.unmarshal(request.getUtf8Body(), TokenReview.class);
        TokenReviewStatus known = issued.get(review.getSpec().getToken());
        boolean forUs = known != null && review.getSpec().getAudiences().stream()
                .anyMatch(known.getAudiences()::contains);
        review.setStatus(forUs ? known : new TokenReviewStatusBuilder().withAuthenticated(false)
                .withError("[invalid bearer token, token audiences is invalid for the target audiences]").build());
        return review;
    }
}
