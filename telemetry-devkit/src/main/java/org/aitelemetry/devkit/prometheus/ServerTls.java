package org.aitelemetry.devkit.prometheus;

import java.nio.file.Path;

/**
 * TLS for Prometheus' own HTTP endpoint ({@code --web.config.file}), from PEM files, the way Observatorium and Thanos
 * sit behind TLS in production.
 *
 * @param certFile     server certificate chain (PEM)
 * @param keyFile      its private key (PEM)
 * @param clientCaFile CA whose client certificates are required (mutual TLS), or {@code null} for server TLS only
 */
public record ServerTls(Path certFile, Path keyFile, Path clientCaFile) {

    public ServerTls {
        certFile = certFile.toAbsolutePath();
        keyFile = keyFile.toAbsolutePath();
        clientCaFile = clientCaFile == null ? null : clientCaFile.toAbsolutePath();
    }

    public static ServerTls serverOnly(Path certFile, Path keyFile) {
        return new ServerTls(certFile, keyFile, null);
    }

    /** Clients must present a certificate signed by {@code clientCaFile} ({@code RequireAndVerifyClientCert}). */
    public static ServerTls mutual(Path certFile, Path keyFile, Path clientCaFile) {
        return new ServerTls(certFile, keyFile, clientCaFile);
    }

    public boolean requiresClientCertificate() {
        return clientCaFile != null;
    }
}
