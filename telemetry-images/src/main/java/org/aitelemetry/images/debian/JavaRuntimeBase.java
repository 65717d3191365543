package org.aitelemetry.images.debian;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.aitelemetry.images.oci.Layer;
import org.aitelemetry.images.oci.LayerWriter;
import org.aitelemetry.images.oci.OciImage;

/**
 * The Java runtime base image, assembled from the locked Debian packages without root, dpkg or a daemon: one layer of
 * their files (documentation left out), plus what their maintainer scripts and Debian's installer would have made and
 * the image needs — the JDK's trust store from ca-certificates' Mozilla bundle, the merged-/usr links, /tmp, and
 * passwd/group naming the app's user.
 * The label {@value #PACKAGES_LABEL} records every package at the version the base holds; where the archive no longer
 * served a locked version and the current one took its place (PackageCache), {@value #SUBSTITUTED_LABEL} names both.
 */
public final class JavaRuntimeBase {

    public static final String JAVA_HOME = "/usr/lib/jvm/java-25-openjdk-amd64";
    public static final String PACKAGES_LABEL = "org.aitelemetry.base.debian-packages";
    /** "name=locked>used" for each package whose locked version was replaced; absent when the lock was served. */
    public static final String SUBSTITUTED_LABEL = "org.aitelemetry.base.debian-substituted";
    /** The user the apps' Containerfile names (USER); OpenShift may run them as another UID in group 0. */
    public static final int APP_UID = 1001;
    static final String CERTIFICATES_PACKAGE = "ca-certificates";
    private static final String MOZILLA_CERTIFICATES = "usr/share/ca-certificates/mozilla/";
    private static final List<String> LEFT_OUT = List.of("usr/share/doc/", "usr/share/man/", "usr/share/locale/",
            "usr/share/lintian/", "usr/share/info/", "usr/share/bug/");
    private static final List<String> MERGED_USR = List.of("bin", "lib", "lib64");

    private final List<DebianPackage> packages;
    private final PackageCache cache;

    public JavaRuntimeBase(List<DebianPackage> packages, PackageCache cache) {
        this.packages = packages;
        this.cache = cache;
    }

    public OciImage build(Path workDirectory) throws IOException, InterruptedException {
        KeyStore trustStore = emptyTrustStore();
        try (LayerWriter layer = new LayerWriter(workDirectory.resolve("java-runtime.tar.gz"))) {
            // Debian 13's packages ship below /usr only: the ELF interpreter (/lib64/ld-linux-x86-64.so.2) and
            // run-java.sh's /bin/sh are reached through the links Debian's installer makes before it unpacks them.
            for (String merged : MERGED_USR) {
                layer.symlink(merged, "usr/" + merged);
            }
            List<PackageCache.CachedDeb> used = new ArrayList<>();
            for (DebianPackage pkg : packages) {
                PackageCache.CachedDeb cached = cache.get(pkg);
                used.add(cached);
                Path deb = cached.file();
                if (pkg.name().equals(CERTIFICATES_PACKAGE)) {
                    DebContents.forEach(deb, (entry, content) -> trust(entry.getName(), content, trustStore));
                } else {
                    DebContents.forEach(deb, (entry, content) -> {
                        String path = LayerWriter.relative(entry.getName());
                        if (LEFT_OUT.stream().noneMatch(path::startsWith)) {
                            layer.put(entry, content);
                        }
                    });
                }
            }
            if (size(trustStore) == 0) {
                throw new IllegalStateException("no certificates: debian-base.lock must pin " + CERTIFICATES_PACKAGE);
            }
            layer.directory("etc/ssl/certs/java", 0755);
            layer.file("etc/ssl/certs/java/cacerts", 0644, store(trustStore));
            layer.directory("tmp", 01777);
            layer.file("etc/passwd", 0644, ("root:x:0:0:root:/root:/usr/sbin/nologin\n"
                    + "app:x:" + APP_UID + ":0:AI Telemetry:/deployments:/usr/sbin/nologin\n")
                    .getBytes(StandardCharsets.UTF_8));
            layer.file("etc/group", 0644, "root:x:0:\n".getBytes(StandardCharsets.UTF_8));
            Layer written = layer.finish();

            OciImage image = OciImage.scratch();
            image.addLayer(written, "Debian packages of telemetry-images/debian-base.lock");
            image.runConfig().putArray("Env").add("PATH=" + JAVA_HOME + "/bin:/usr/local/bin:/usr/bin:/bin")
                    .add("JAVA_HOME=" + JAVA_HOME).add("LANG=C.UTF-8");
            image.labels().put("org.opencontainers.image.title", "ai-telemetry-java-runtime")
                    .put("org.opencontainers.image.description", "OpenJDK 25 runtime from Debian 13 packages")
                    .put(PACKAGES_LABEL, used.stream().map(deb -> deb.used().pin()).collect(Collectors.joining(" ")));
            String substituted = used.stream().filter(PackageCache.CachedDeb::substituted)
                    .map(deb -> deb.locked().pin() + ">" + deb.used().version()).collect(Collectors.joining(" "));
            if (!substituted.isEmpty()) {
                image.labels().put(SUBSTITUTED_LABEL, substituted);
            }
            return image;
        }
    }

    private static void trust(String name, InputStream content, KeyStore store) throws IOException {
        String path = LayerWriter.relative(name);
        if (!path.startsWith(MOZILLA_CERTIFICATES) || !path.endsWith(".crt")) {
            return;
        }
        try {
            X509Certificate certificate = (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(content);
            String alias = "debian:" + path.substring(MOZILLA_CERTIFICATES.length()).replace(".crt", ".pem");
            store.setCertificateEntry(alias.toLowerCase(Locale.ROOT), certificate);
        } catch (GeneralSecurityException e) {
            throw new IOException(path + " is not a certificate", e);
        }
    }

    private static int size(KeyStore store) throws IOException {
        try {
            return store.size();
        } catch (GeneralSecurityException e) {
            throw new IOException(e);
        }
    }

    private static KeyStore emptyTrustStore() throws IOException {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            return store;
        } catch (GeneralSecurityException e) {
            throw new IOException(e);
        }
    }

    /**
     * PKCS#12 without certificate encryption or a MAC (the JDK reads such a store without a password): nothing random
     * goes in, so the same certificates give the same bytes and the base's digest does not change from build to build.
     */
    private static byte[] store(KeyStore trustStore) throws IOException {
        String[] keys = {"keystore.pkcs12.certProtectionAlgorithm", "keystore.pkcs12.macAlgorithm"};
        String[] previous = {System.getProperty(keys[0]), System.getProperty(keys[1])};
        try {
            System.setProperty(keys[0], "NONE");
            System.setProperty(keys[1], "NONE");
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            trustStore.store(bytes, "changeit".toCharArray());
            return bytes.toByteArray();
        } catch (GeneralSecurityException e) {
            throw new IOException(e);
        } finally {
            for (int i = 0; i < keys.length; i++) {
                if (previous[i] == null) {
                    System.clearProperty(keys[i]);
                } else {
                    System.setProperty(keys[i], previous[i]);
                }
            }
        }
    }
}
