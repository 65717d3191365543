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
import javax.net.ssl.SSLContext;
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
            assertThatThrownBy(() -> status(pki.clientContext(false), ready)).isInstanceOf(IOException.class);
        }
    }

    private static int status(SSLContext tls, URI uri) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().sslContext(tls).build();
        return client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }
}
