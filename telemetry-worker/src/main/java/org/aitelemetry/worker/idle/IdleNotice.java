package org.aitelemetry.worker.idle;

import io.vertx.mutiny.sqlclient.Row;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One notice to a project: its idle stretches, their span and totals, and whom to mail ({@code contacts}: the
 * project's PIs and managers from {@code project_contact}, possibly none). {@code id} is 0 until stored.
 */
public record IdleNotice(long id, long projectId, String clusterName, String namespace, List<IdleStretch> gpus,
        String currency, List<String> contacts, Instant noticedAt) {

    public IdleNotice {
        gpus = List.copyOf(gpus);
        contacts = List.copyOf(contacts);
    }

    /** Groups candidate rows (ordered by project) into one notice per project. */
    static List<IdleNotice> fromCandidates(List<Row> rows, Instant noticedAt) {
        Map<Long, List<Row>> byProject = new LinkedHashMap<>();
        rows.forEach(row -> byProject.computeIfAbsent(row.getLong("project_id"), id -> new ArrayList<>()).add(row));
        List<IdleNotice> notices = new ArrayList<>();
        byProject.forEach((projectId, projectRows) -> {
            Row first = projectRows.get(0);
            String[] contacts = first.getArrayOfStrings("contacts");
            notices.add(new IdleNotice(0, projectId, first.getString("cluster_name"), first.getString("namespace"),
                    projectRows.stream().map(IdleStretch::from).toList(), first.getString("currency"),
                    contacts == null ? List.of() : Arrays.asList(contacts), noticedAt));
        });
        return notices;
    }

    IdleNotice withId(long stored) {
        return new IdleNotice(stored, projectId, clusterName, namespace, gpus, currency, contacts, noticedAt);
    }

    /** {@code <cluster>/<namespace>}, the project's key in events and statements. */
    public String projectKey() {
        return clusterName + "/" + namespace;
    }

    public Instant from() {
        return gpus.stream().map(IdleStretch::from).min(Comparator.naturalOrder()).orElseThrow();
    }

    public Instant until() {
        return gpus.stream().map(IdleStretch::until).max(Comparator.naturalOrder()).orElseThrow();
    }

    public double idleGpuHours() {
        return gpus.stream().mapToDouble(IdleStretch::idleGpuHours).sum();
    }

    public BigDecimal costWasted() {
        return gpus.stream().map(IdleStretch::costWasted).reduce(BigDecimal.ZERO, BigDecimal::add);
    }
}
