package org.aitelemetry.deploy.check;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.aitelemetry.deploy.render.KubeObject;
import org.aitelemetry.deploy.render.Manifests;

/** Ways to break a copy of a rendered overlay, for the tests that expect the finding each mistake causes. */
final class OverlayEdits {

    private OverlayEdits() {
    }

    /** Changes the object of that kind and name (every object of the kind when name is null). */
    static UnaryOperator<Manifests> edit(String kind, String name, Consumer<ObjectNode> change) {
        return manifests -> {
            List<KubeObject> targets = manifests.ofKind(kind).stream()
                    .filter(o -> name == null || o.name().equals(name)).toList();
            assertThat(targets).as("%s %s in the overlay", kind, name).isNotEmpty();
            targets.forEach(o -> change.accept(o.body()));
            return manifests;
        };
    }

    static UnaryOperator<Manifests> remove(String kind, String name) {
        return manifests -> new Manifests(manifests.objects().stream()
                .filter(o -> !(o.kind().equals(kind) && o.name().equals(name))).toList());
    }

    /** The objects of a YAML stream added to the overlay's. */
    static UnaryOperator<Manifests> add(String yaml) {
        return manifests -> new Manifests(Stream.concat(manifests.objects().stream(),
                Manifests.parse(yaml).objects().stream()).toList());
    }

    static ObjectNode obj(ObjectNode root, String pointer) {
        JsonNode node = root.at(pointer);
        assertThat(node.isObject()).as("%s is an object", pointer).isTrue();
        return (ObjectNode) node;
    }
}
