package org.aitelemetry.worker.health;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The stored and published form of evidence and advice (contracts.md §6): {@code [{kind, severity, test, summary,
 * details}]} and {@code [{action, summary, because}]}, kinds and severities lowercase; and the stored figures of a GPU's
 * run that the fleet baseline reads ({@code {test key: value}}).
 */
public final class EvidenceJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private EvidenceJson() {
    }

    public static List<Map<String, Object>> evidenceMaps(List<Evidence> evidence) {
        return evidence.stream().map(item -> {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("kind", item.kind().jsonName());
            map.put("severity", item.severity().name().toLowerCase(Locale.ROOT));
            map.put("test", item.test());
            map.put("summary", item.summary());
            map.put("details", new TreeMap<>(item.details()));
            return map;
        }).toList();
    }

    public static List<Map<String, Object>> adviceMaps(List<Advice> advice) {
        return advice.stream().map(item -> {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("action", item.action());
            map.put("summary", item.summary());
            map.put("because", item.because());
            return map;
        }).toList();
    }

    public static String evidence(List<Evidence> evidence) {
        return write(evidenceMaps(evidence));
    }

    public static String advice(List<Advice> advice) {
        return write(adviceMaps(advice));
    }

    /** Evidence as stored; items of a kind this worker does not know (written by a newer one) are skipped. */
    public static List<Evidence> readEvidence(String json) {
        List<Evidence> evidence = new ArrayList<>();
        try {
            for (JsonNode item : JSON.readTree(json == null ? "[]" : json)) {
                EvidenceKind kind;
                try {
                    kind = EvidenceKind.ofJsonName(item.path("kind").asText());
                } catch (IllegalArgumentException e) {
                    continue;
                }
                Map<String, String> details = new TreeMap<>();
                item.path("details").properties().forEach(entry -> details.put(entry.getKey(),
                        entry.getValue().asText()));
                evidence.add(new Evidence(kind, item.path("test").isTextual() ? item.path("test").asText() : null,
                        item.path("summary").asText(), details));
            }
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored evidence is not JSON", e);
        }
        return evidence;
    }

    public static String figures(GpuTests gpu) {
        return write(gpu.fleetFigures());
    }

    public static String strings(List<String> values) {
        return write(values);
    }

    private static String write(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode evidence", e);
        }
    }
}
