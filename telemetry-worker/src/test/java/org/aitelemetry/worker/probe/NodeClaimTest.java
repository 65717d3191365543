package org.aitelemetry.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.oidc.runtime.OidcJwtCallerPrincipal;
import java.security.Principal;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.junit.jupiter.api.Test;

/** Reading the node claim of a verified token as quarkus-oidc hands it over: flat, nested, absent or not a name. */
class NodeClaimTest {

    private static final String CLAIMS = """
            {"sub": "service-account-gpu-probe-gpu-01", "node": "gpu-01", "replicas": 3, "blank": " ",
             "kubernetes.io": {"namespace": "ai-telemetry", "node": {"name": "gpu-02", "uid": "7c1e"}}}""";

    @Test
    void readsAFlatClaimAndANestedOneByPath() throws InvalidJwtException {
        Principal token = token();

        assertThat(ProbeNodeScope.claim(token, "node")).contains("gpu-01");
        assertThat(ProbeNodeScope.claim(token, "kubernetes.io/node/name")).contains("gpu-02");
    }

    @Test
    void absentBlankOrNonTextClaimsNameNoNode() throws InvalidJwtException {
        Principal token = token();

        assertThat(ProbeNodeScope.claim(token, "hostname")).isEmpty();
        assertThat(ProbeNodeScope.claim(token, "blank")).isEmpty();
        assertThat(ProbeNodeScope.claim(token, "replicas")).isEmpty();
        assertThat(ProbeNodeScope.claim(token, "kubernetes.io/node")).as("an object, not a name").isEmpty();
        assertThat(ProbeNodeScope.claim(token, "node/name")).as("a path through a string").isEmpty();
        assertThat(ProbeNodeScope.claim(() -> "gpu-01", "node")).as("not a JWT").isEmpty();
    }

    private static Principal token() throws InvalidJwtException {
        return new OidcJwtCallerPrincipal(JwtClaims.parse(CLAIMS), null);
    }
}
