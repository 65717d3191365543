package org.aitelemetry.devkit.prometheus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import org.aitelemetry.devkit.Workspace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrometheusTlsTest {

    @TempDir
    Path workspaceDir;

    @Test
    void mutualTlsLetsOnlyClientsWithACertificateIn() throws Exception {
        assumeTrue(OpensslPki.available(), "the openssl CLI makes the test certificates");
        OpensslPki pki = OpensslPki.create(Files.createDirectories(workspaceDir.resolve("pki")));
        PrometheusSettings settings = PrometheusSettings.fast()
                .withTls(ServerTls.mutual(pki.serverCert(), pki.serverKey(), pki.caCert()));

        try (PrometheusComponent prometheus = new PrometheusComponent(new Workspace(workspaceDir), settings)) {
            prometheus.start();
            URI ready = URI.create(prometheus.url() + "/-/ready");

            assertThat(prometheus.url()).startsWith("https://127.0.0.1:");
            assertThat(status(pki.clientContext(true), ready)).isEqualTo(200);
            // TLS 1.2: the server asks for the certificate inside the handshake, which fails at once without one. Over
            // TLS 1.3 the refusal comes after the handshake, and the JDK's client was seen waiting on it for good.
            assertThatThrownBy(() -> status(pki.clientContext(false), ready, "TLSv1.2"))
                    .isInstanceOf(SSLHandshakeException.class);
        }
    }

    private static int status(SSLContext tls, URI uri, String... protocols) throws IOException, InterruptedException {
        HttpClient.Builder builder = HttpClient.newBuilder().sslContext(tls);
        if (protocols.length > 0) {
            builder.sslParameters(new SSLParameters(null, protocols));
        }
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).build();
        return builder.build().send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}
