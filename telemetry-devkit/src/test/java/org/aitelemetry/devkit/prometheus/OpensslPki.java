package org.aitelemetry.devkit.prometheus;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/** A throwaway CA with a server certificate for 127.0.0.1 and a client certificate, made with the openssl CLI. */
final class OpensslPki {

    private static final char[] NO_PASSWORD = new char[0];

    private final Path dir;

    private OpensslPki(Path dir) {
        this.dir = dir;
    }

    static boolean available() {
        try {
            return new ProcessBuilder("openssl", "version").start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    static OpensslPki create(Path dir) throws IOException, InterruptedException {
        OpensslPki pki = new OpensslPki(dir);
        pki.openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
                "-subj", "/CN=devkit test CA", "-keyout", "ca.key", "-out", "ca.crt",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign");
        pki.leaf("server", "subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n");
        pki.leaf("client", "extendedKeyUsage=clientAuth\n");
        return pki;
    }

    Path caCert() {
        return dir.resolve("ca.crt");
    }

    Path serverCert() {
        return dir.resolve("server.crt");
    }

    Path serverKey() {
        return dir.resolve("server.key");
    }

    /** Trusts the CA; presents the client certificate when {@code withClientCertificate}. */
    SSLContext clientContext(boolean withClientCertificate) throws IOException, GeneralSecurityException {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("ca", certificate(caCert()));
        TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trustManagers.init(trust);
        KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        if (withClientCertificate) {
            keys.setKeyEntry("client", privateKey(dir.resolve("client.key")), NO_PASSWORD,
                    new Certificate[] {certificate(dir.resolve("client.crt"))});
        }
        KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keyManagers.init(keys, NO_PASSWORD);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keyManagers.getKeyManagers(), trustManagers.getTrustManagers(), null);
        return context;
    }

    private void leaf(String name, String extensions) throws IOException, InterruptedException {
        Files.writeString(dir.resolve(name + ".ext"), extensions);
        openssl("req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-subj", "/CN=" + name, "-keyout", name + ".key", "-out", name + ".csr");
        openssl("x509", "-req", "-in", name + ".csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-days", "1",
                "-extfile", name + ".ext", "-out", name + ".crt");
    }

    private void openssl(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("openssl"));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
        }
    }

    private static Certificate certificate(Path pem) throws IOException, GeneralSecurityException {
        return CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(Files.readAllBytes(pem)));
    }

    /** OpenSSL 3 writes unencrypted PKCS#8 ({@code BEGIN PRIVATE KEY}). */
    private static PrivateKey privateKey(Path pem) throws IOException, GeneralSecurityException {
        String base64 = Files.readString(pem).replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        return KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));
    }
}
