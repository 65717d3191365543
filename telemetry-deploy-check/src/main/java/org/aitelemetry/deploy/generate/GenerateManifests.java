package org.aitelemetry.deploy.generate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes the generated manifests; deploy/openshift/generate.sh runs it with the repository's root. */
public final class GenerateManifests {

    private GenerateManifests() {
    }

    public static void main(String[] args) throws IOException {
        Path root = Path.of(args.length > 0 ? args[0] : ".");
        write(root.resolve(PrometheusRuleGenerator.TARGET),
                PrometheusRuleGenerator.generate(Files.readString(root.resolve(PrometheusRuleGenerator.SOURCE))));
        write(root.resolve(RealmImportGenerator.TARGET),
                RealmImportGenerator.generate(Files.readString(root.resolve(RealmImportGenerator.SOURCE))));
    }

    private static void write(Path target, String content) throws IOException {
        Files.writeString(target, content);
        System.out.println("wrote " + target);
    }
}
