package org.aitelemetry.prometheus;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.aitelemetry.devkit.FileTrees;
import org.aitelemetry.devkit.tls.ThrowawayPki;

/**
 * A throwaway CA, server and client certificate for each application start, offered to the client as two TLS registry
 * configurations: {@value #MTLS} (client certificate and CA) and {@value #CA_ONLY} (the CA alone). Tests get the PEM
 * files injected into a {@link ThrowawayPki.PemFiles} field, for their HTTPS stand-ins.
 */
public final class ThrowawayPkiResource implements QuarkusTestResourceLifecycleManager {

    static final String MTLS = "source-mtls";
    static final String CA_ONLY = "source-ca";

    private Path dir;
    private ThrowawayPki.PemFiles pem;

    @Override
    public Map<String, String> start() {
        try {
            dir = Files.createTempDirectory("throwaway-pki");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        pem = ThrowawayPki.create(dir);
        return Map.of(
                "quarkus.tls." + MTLS + ".key-store.pem.0.cert", pem.clientCert().toString(),
                "quarkus.tls." + MTLS + ".key-store.pem.0.key", pem.clientKey().toString(),
                "quarkus.tls." + MTLS + ".trust-store.pem.certs", pem.caCert().toString(),
                "quarkus.tls." + CA_ONLY + ".trust-store.pem.certs", pem.caCert().toString());
    }

    @Override
    public void inject(TestInjector testInjector) {
        testInjector.injectIntoFields(pem, new TestInjector.MatchesType(ThrowawayPki.PemFiles.class));
    }

    @Override
    public void stop() {
        FileTrees.deleteRecursively(dir);
    }
}
