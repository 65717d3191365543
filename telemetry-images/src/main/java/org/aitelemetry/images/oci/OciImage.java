package org.aitelemetry.images.oci;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * An image being assembled or read back: its layers, in order, and its OCI image configuration (the document whose
 * "config" holds user, entrypoint, ports, environment and labels, and whose "rootfs" lists the layers' diff_ids).
 */
public final class OciImage {

    static final ObjectMapper JSON = new ObjectMapper();

    private final List<Layer> layers;
    private final ObjectNode config;

    OciImage(List<Layer> layers, ObjectNode config) {
        this.layers = new ArrayList<>(layers);
        this.config = config;
    }

    /** No layers, a Linux amd64 configuration with nothing set: what a base built from files starts from. */
    public static OciImage scratch() {
        ObjectNode config = JSON.createObjectNode();
        config.put("architecture", "amd64");
        config.put("os", "linux");
        config.putObject("config");
        config.putObject("rootfs").put("type", "layers").putArray("diff_ids");
        return new OciImage(List.of(), config);
    }

    /** A copy to build on: the base stays as it was. */
    public OciImage derive() {
        return new OciImage(layers, config.deepCopy());
    }

    public void addLayer(Layer layer, String createdBy) {
        layers.add(layer);
        ((ArrayNode) config.path("rootfs").path("diff_ids")).add(layer.diffId());
        history().addObject().put("created_by", createdBy);
    }

    /** A step that changed the configuration only, recorded as Containerfile builders record it. */
    public void addHistory(String createdBy) {
        history().addObject().put("created_by", createdBy).put("empty_layer", true);
    }

    /** The part of the configuration a container runs with: User, Env, Entrypoint, ExposedPorts, Labels... */
    public ObjectNode runConfig() {
        return (ObjectNode) config.path("config");
    }

    public ObjectNode labels() {
        return runConfig().has("Labels") ? (ObjectNode) runConfig().get("Labels") : runConfig().putObject("Labels");
    }

    public List<Layer> layers() {
        return List.copyOf(layers);
    }

    public JsonNode config() {
        return config;
    }

    private ArrayNode history() {
        return config.has("history") ? (ArrayNode) config.get("history")
                : config.putArray("history");
    }
}
