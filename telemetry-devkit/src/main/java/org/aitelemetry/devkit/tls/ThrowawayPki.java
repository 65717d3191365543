package org.aitelemetry.devkit.tls;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.util.io.pem.PemObject;
import org.bouncycastle.util.io.pem.PemWriter;

/**
 * A CA with one server and one client certificate, valid for a day, for mTLS tests against loopback servers (Vert.x
 * stand-ins, a real Prometheus with {@code --web.config.file}). Everything is PEM; keys are unencrypted PKCS#8.
 */
public final class ThrowawayPki {

    /** The PEM files written; the server certificate names {@code localhost} and {@code 127.0.0.1}. */
    public record PemFiles(Path caCert, Path serverCert, Path serverKey, Path clientCert, Path clientKey) {
    }

    private static final X500Name CA_NAME = new X500Name("CN=AI Telemetry throwaway CA");
    private static final Duration VALIDITY = Duration.ofDays(1);
    /** Backdated so that a clock a little behind ours still accepts the certificates. */
    private static final Duration BACKDATE = Duration.ofHours(1);
    private static final SecureRandom RANDOM = new SecureRandom();

    private ThrowawayPki() {
    }

    /** Creates the CA and both certificates and writes them into {@code dir} (created if missing). */
    public static PemFiles create(Path dir) {
        try {
            Files.createDirectories(dir);
            KeyPair caKeys = rsaKeyPair();
            X509CertificateHolder ca = sign(CA_NAME, caKeys, caKeys, caExtensions(caKeys));
            KeyPair serverKeys = rsaKeyPair();
            List<Extension> serverExtensions = leafExtensions(ca, serverKeys, KeyPurposeId.id_kp_serverAuth);
            serverExtensions.add(loopbackNames());
            X509CertificateHolder server = sign(new X500Name("CN=localhost"), serverKeys, caKeys, serverExtensions);
            KeyPair clientKeys = rsaKeyPair();
            X509CertificateHolder client = sign(new X500Name("CN=telemetry-client"), clientKeys, caKeys,
                    leafExtensions(ca, clientKeys, KeyPurposeId.id_kp_clientAuth));
            return new PemFiles(
                    writePem(dir.resolve("ca.crt"), "CERTIFICATE", ca.getEncoded()),
                    writePem(dir.resolve("server.crt"), "CERTIFICATE", server.getEncoded()),
                    writePem(dir.resolve("server.key"), "PRIVATE KEY", serverKeys.getPrivate().getEncoded()),
                    writePem(dir.resolve("client.crt"), "CERTIFICATE", client.getEncoded()),
                    writePem(dir.resolve("client.key"), "PRIVATE KEY", clientKeys.getPrivate().getEncoded()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the throwaway PKI into " + dir, e);
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("cannot create the throwaway PKI", e);
        }
    }

    /** RSA rather than EC: every TLS stack we test against (Vert.x, Go, OpenSSL) reads PKCS#8 RSA keys. */
    private static KeyPair rsaKeyPair() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048, RANDOM);
        return generator.generateKeyPair();
    }

    private static X509CertificateHolder sign(X500Name subject, KeyPair subjectKeys, KeyPair caKeys,
            List<Extension> extensions) throws CertIOException, OperatorCreationException {
        Instant now = Instant.now();
        BigInteger serial = new BigInteger(64, RANDOM).add(BigInteger.ONE);
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(CA_NAME, serial,
                Date.from(now.minus(BACKDATE)), Date.from(now.plus(VALIDITY)), subject, subjectKeys.getPublic());
        for (Extension extension : extensions) {
            builder.addExtension(extension);
        }
        return builder.build(new JcaContentSignerBuilder("SHA256withRSA").build(caKeys.getPrivate()));
    }

    private static List<Extension> caExtensions(KeyPair caKeys) throws IOException, GeneralSecurityException {
        return List.of(
                new Extension(Extension.basicConstraints, true, new BasicConstraints(true).getEncoded()),
                new Extension(Extension.keyUsage, true,
                        new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign).getEncoded()),
                new Extension(Extension.subjectKeyIdentifier, false,
                        new JcaX509ExtensionUtils().createSubjectKeyIdentifier(caKeys.getPublic()).getEncoded()));
    }

    /** Leaf extensions; strict verifiers (OpenSSL 3, Go) want the key identifiers and the key usages spelled out. */
    private static List<Extension> leafExtensions(X509CertificateHolder ca, KeyPair keys, KeyPurposeId purpose)
            throws IOException, GeneralSecurityException {
        JcaX509ExtensionUtils utils = new JcaX509ExtensionUtils();
        return new ArrayList<>(List.of(
                new Extension(Extension.basicConstraints, true, new BasicConstraints(false).getEncoded()),
                new Extension(Extension.keyUsage, true,
                        new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment).getEncoded()),
                new Extension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(purpose).getEncoded()),
                new Extension(Extension.subjectKeyIdentifier, false,
                        utils.createSubjectKeyIdentifier(keys.getPublic()).getEncoded()),
                new Extension(Extension.authorityKeyIdentifier, false,
                        utils.createAuthorityKeyIdentifier(ca).getEncoded())));
    }

    private static Extension loopbackNames() throws IOException {
        GeneralNames names = new GeneralNames(new GeneralName[] {
            new GeneralName(GeneralName.dNSName, "localhost"),
            new GeneralName(GeneralName.iPAddress, "127.0.0.1"),
        });
        return new Extension(Extension.subjectAlternativeName, false, names.getEncoded());
    }

    private static Path writePem(Path file, String type, byte[] der) throws IOException {
        try (Writer out = Files.newBufferedWriter(file); PemWriter pem = new PemWriter(out)) {
            pem.writeObject(new PemObject(type, der));
        }
        return file;
    }
}
