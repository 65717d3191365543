package org.aitelemetry.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.aitelemetry.deploy.render.KubeObject;
import org.aitelemetry.deploy.render.Manifests;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The packaged apps accept the configuration the example overlay gives them: each starts with the Deployment's
 * environment and mounted files (under a temporary root; Secrets as placeholders, CA files as a throwaway
 * certificate) and gets past configuration validation to connecting to PostgreSQL, which does not exist here. An
 * unknown property, a malformed value or a missing required one stops it before.
 */
class AppConfigurationTest {

    private static final String SERVICE_ACCOUNT = "/var/run/secrets/kubernetes.io/serviceaccount";

    @ParameterizedTest
    @ValueSource(strings = {"telemetry-worker", "telemetry-site"})
    void appGetsToItsDatabaseWithTheDeploymentsConfiguration(String app, @TempDir Path root) throws Exception {
        Manifests manifests = DeployTree.render(DeployTree.OBSERVABILITY);
        KubeObject deployment = manifests.find("Deployment", "ai-telemetry", app).orElseThrow();
        JsonNode pod = deployment.at("/spec/template/spec");
        Path jar = DeployTree.ROOT.resolve(app + "/target/quarkus-app/quarkus-run.jar");
        assertThat(jar).as("the packaged app: ./mvnw package builds it before this module (the last of the "
                + "reactor); alone: ./mvnw -pl %s package -DskipTests", app).exists();
        String certificate = throwawayCertificate(root);

        Map<String, String> mounts = new LinkedHashMap<>();
        mounts.put(SERVICE_ACCOUNT, root + SERVICE_ACCOUNT);
        for (String file : new String[] {"ca.crt", "service-ca.crt"}) {
            write(root.resolve(SERVICE_ACCOUNT.substring(1)).resolve(file), certificate);
        }
        write(root.resolve(SERVICE_ACCOUNT.substring(1)).resolve("token"), "placeholder");
        for (JsonNode mount : pod.path("containers").get(0).path("volumeMounts")) {
            String path = mount.path("mountPath").asText();
            JsonNode volume = volume(pod, mount.path("name").asText());
            if (volume.has("emptyDir")) {
                continue;
            }
            mounts.put(path, root + path);
            Path dir = root.resolve(path.substring(1));
            Files.createDirectories(dir);
            if (volume.has("configMap")) {
                KubeObject configMap = manifests.find("ConfigMap", "ai-telemetry",
                        volume.at("/configMap/name").asText()).orElseThrow();
                configMap.at("/data").fields().forEachRemaining(f -> write(dir.resolve(f.getKey()),
                        f.getValue().asText()));
            }
            volume.at("/secret/items").forEach(item -> write(dir.resolve(item.path("path").asText()), certificate));
        }
        for (Path file : Files.walk(root).filter(Files::isRegularFile).filter(f -> f.toString()
                .endsWith(".properties")).toList()) {
            Files.writeString(file, relocate(Files.readString(file), mounts));
        }

        ProcessBuilder start = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m", "-jar", jar.toString()).redirectErrorStream(true);
        start.environment().keySet().removeIf(name -> name.startsWith("QUARKUS_") || name.startsWith("TELEMETRY_"));
        for (JsonNode env : pod.path("containers").get(0).path("env")) {
            if (!env.path("name").asText().equals("JAVA_OPTS_APPEND")) {
                start.environment().put(env.path("name").asText(),
                        env.has("value") ? relocate(env.path("value").asText(), mounts) : "placeholder");
            }
        }
        Process process = start.start();
        String log = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();

        assertThat(log).doesNotContain("Configuration validation failed").doesNotContain("SRCFG")
                .contains("telemetry-db-rw");
    }

    private static JsonNode volume(JsonNode pod, String name) {
        for (JsonNode volume : pod.path("volumes")) {
            if (volume.path("name").asText().equals(name)) {
                return volume;
            }
        }
        throw new IllegalStateException("no volume " + name);
    }

    /** Mount paths replaced by their place under the temporary root, in one pass. */
    private static String relocate(String text, Map<String, String> mounts) {
        String paths = mounts.keySet().stream().map(p -> Pattern.quote(p + "/")).collect(Collectors.joining("|"));
        return Pattern.compile(paths).matcher(text).replaceAll(found -> Matcher.quoteReplacement(
                mounts.get(found.group().substring(0, found.group().length() - 1)) + "/"));
    }

    /** A self-signed certificate in PEM, made with the JDK's keytool. */
    private static String throwawayCertificate(Path dir) throws IOException, InterruptedException {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Path store = dir.resolve("ca.p12");
        Path pem = dir.resolve("ca.pem");
        run(keytool.toString(), "-genkeypair", "-alias", "ca", "-keyalg", "RSA", "-keysize", "2048", "-dname",
                "CN=throwaway", "-validity", "2", "-storetype", "PKCS12", "-keystore", store.toString(),
                "-storepass", "changeit");
        run(keytool.toString(), "-exportcert", "-rfc", "-alias", "ca", "-keystore", store.toString(),
                "-storepass", "changeit", "-file", pem.toString());
        return Files.readString(pem);
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(output).isZero();
    }

    private static void write(Path file, String content) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
