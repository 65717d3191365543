package org.aitelemetry.devkit.alertmanager;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * An Alertmanager 0.25 webhook body (version "4", contracts.md §1) for one group of the receiver in
 * alertmanager/receiver: group labels {@code cluster} and {@code Hostname}, common labels and annotations the ones all
 * alerts share, status firing while any alert fires. The alerts arrive already rendered, so a body costs a
 * concatenation rather than a serialisation of every alert.
 */
public final class WebhookBody {

    private static final ObjectMapper JSON = new ObjectMapper();

    private WebhookBody() {
    }

    public static byte[] render(String cluster, String hostname, List<SessionAlert> members, List<String> alerts,
            boolean anyFiring) {
        Map<String, String> groupLabels = new TreeMap<>(Map.of("cluster", cluster, "Hostname", hostname));
        StringBuilder body = new StringBuilder(alerts.stream().mapToInt(String::length).sum() + 1024);
        body.append("{\"receiver\":\"telemetry-worker\",\"status\":\"").append(anyFiring ? "firing" : "resolved")
                .append("\",\"alerts\":[");
        for (int i = 0; i < alerts.size(); i++) {
            body.append(i == 0 ? "" : ",").append(alerts.get(i));
        }
        body.append("],\"groupLabels\":").append(json(groupLabels))
                .append(",\"commonLabels\":").append(json(common(members, SessionAlert::labels)))
                .append(",\"commonAnnotations\":").append(json(common(members, SessionAlert::annotations)))
                .append(",\"externalURL\":\"http://alertmanager.example:9093\",\"version\":\"4\",\"groupKey\":")
                .append(json("{}/{telemetry=\"gpu-usage\"}:{Hostname=\"" + hostname + "\", cluster=\"" + cluster + "\"}"))
                .append(",\"truncatedAlerts\":0}");
        return body.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The name-value pairs every member has. */
    private static Map<String, String> common(List<SessionAlert> members, Function<SessionAlert, Map<String, String>> of) {
        Map<String, String> common = new TreeMap<>(members.isEmpty() ? Map.of() : of.apply(members.get(0)));
        for (SessionAlert member : members) {
            common.entrySet().removeIf(pair -> !pair.getValue().equals(of.apply(member).get(pair.getKey())));
        }
        return common;
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render " + value, e);
        }
    }
}
