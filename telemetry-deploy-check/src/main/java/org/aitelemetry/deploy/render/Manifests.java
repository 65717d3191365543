package org.aitelemetry.deploy.render;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The objects of one rendered overlay. */
public record Manifests(List<KubeObject> objects) {

    private static final YAMLMapper YAML = new YAMLMapper();

    /** Parses a multi-document YAML stream; empty documents are skipped, anything but a mapping is refused. */
    public static Manifests parse(String yaml) {
        List<KubeObject> objects = new ArrayList<>();
        try (JsonParser parser = YAML.createParser(yaml)) {
            var documents = YAML.readValues(parser, JsonNode.class);
            while (documents.hasNextValue()) {
                JsonNode document = documents.nextValue();
                if (document == null || document.isNull() || document.isMissingNode()) {
                    continue;
                }
                if (!(document instanceof ObjectNode object)) {
                    throw new IllegalArgumentException("A YAML document is not a mapping: " + document);
                }
                objects.add(new KubeObject(object));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Manifests(List.copyOf(objects));
    }

    public List<KubeObject> ofKind(String kind) {
        return objects.stream().filter(o -> o.kind().equals(kind)).toList();
    }

    public Optional<KubeObject> find(String kind, String namespace, String name) {
        return objects.stream()
                .filter(o -> o.kind().equals(kind) && o.namespace().equals(namespace) && o.name().equals(name))
                .findFirst();
    }

    /** A deep copy, for tests that break one object and expect a finding. */
    public Manifests copy() {
        return new Manifests(objects.stream().map(o -> new KubeObject(o.body().deepCopy())).toList());
    }
}
