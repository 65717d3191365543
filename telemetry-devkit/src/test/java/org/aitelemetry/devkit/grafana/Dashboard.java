package org.aitelemetry.devkit.grafana;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** One shipped Grafana dashboard (deploy/openshift/grafana/dashboards/), as the tests read it. */
record Dashboard(Path file, JsonNode json) {

    static final Path DIRECTORY = Path.of("..", "deploy", "openshift", "grafana", "dashboards").toAbsolutePath()
            .normalize();
    static final String DATASOURCE_VARIABLE = "${datasource}";
    private static final ObjectMapper JSON = new ObjectMapper();

    static List<Dashboard> shipped() {
        try (Stream<Path> files = Files.list(DIRECTORY)) {
            return files.filter(file -> file.toString().endsWith(".json")).sorted().map(Dashboard::read).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Dashboard read(Path file) {
        try {
            return new Dashboard(file, JSON.readTree(file.toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + file, e);
        }
    }

    String name() {
        return file.getFileName().toString();
    }

    List<JsonNode> variables() {
        List<JsonNode> variables = new ArrayList<>();
        json.path("templating").path("list").forEach(variables::add);
        return variables;
    }

    List<JsonNode> panels() {
        List<JsonNode> panels = new ArrayList<>();
        json.path("panels").forEach(panels::add);
        return panels;
    }

    /** Every PromQL text of the dashboard: panel targets and query variables. */
    List<String> queries() {
        List<String> queries = new ArrayList<>();
        panels().forEach(panel -> panel.path("targets").forEach(target -> queries.add(target.path("expr").asText())));
        variables().stream().filter(variable -> "query".equals(variable.path("type").asText()))
                .forEach(variable -> queries.add(variable.path("query").path("query").asText()));
        return queries;
    }

    @Override
    public String toString() {
        return name();
    }
}
