package org.aitelemetry.worker.health;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aitelemetry.worker.csv.CsvFile;

/**
 * From evidence to advice, by the rule table {@code health/remediation.csv} (hardware XIDs by {@code health/xids.csv}):
 * each action once, with the evidence that calls for it, the most drastic first.
 */
@ApplicationScoped
public class Remediation {

    static final String RESOURCE = "health/remediation.csv";
    /** The actions, from the most drastic down. */
    public static final List<String> ACTIONS = List.of("rma", "drain_reboot", "reset_gpu", "inspect_pcie",
            "check_cooling", "rerun", "watch");

    private record Rule(String action, String summary) {
    }

    private final Map<EvidenceKind, Rule> rules = new EnumMap<>(EvidenceKind.class);
    private final XidCatalogue xids;

    Remediation(XidCatalogue xids) {
        this.xids = xids;
        for (CsvFile.Record row : CsvFile.resource(RESOURCE)) {
            EvidenceKind kind = EvidenceKind.ofJsonName(row.get("kind"));
            String action = row.get("action");
            if (!action.isEmpty() && !ACTIONS.contains(action)) {
                throw new IllegalStateException(RESOURCE + ": unknown action '" + action + "' for " + kind);
            }
            rules.put(kind, new Rule(action, row.get("summary")));
        }
        for (EvidenceKind kind : EvidenceKind.values()) {
            if (!rules.containsKey(kind)) {
                throw new IllegalStateException(RESOURCE + " has no rule for evidence kind " + kind.jsonName());
            }
        }
    }

    public List<Advice> advise(List<Evidence> evidence) {
        Map<String, List<String>> because = new LinkedHashMap<>();
        Map<String, String> summaries = new LinkedHashMap<>();
        for (Evidence item : evidence) {
            Rule rule = rule(item);
            if (rule.action().isEmpty()) {
                continue;
            }
            summaries.putIfAbsent(rule.action(), rule.summary());
            List<String> kinds = because.computeIfAbsent(rule.action(), key -> new ArrayList<>());
            if (!kinds.contains(item.kind().jsonName())) {
                kinds.add(item.kind().jsonName());
            }
        }
        return because.entrySet().stream().sorted(Comparator.comparingInt(entry -> ACTIONS.indexOf(entry.getKey())))
                .map(entry -> new Advice(entry.getKey(), summaries.get(entry.getKey()), entry.getValue())).toList();
    }

    /** A hardware XID's own action and advice where the XID table gives them; the kind's rule otherwise. */
    private Rule rule(Evidence item) {
        if (item.kind() == EvidenceKind.HARDWARE_XID && item.details().containsKey("xid")) {
            var xid = xids.find(Integer.parseInt(item.details().get("xid")));
            if (xid.isPresent() && !xid.get().action().isEmpty()) {
                return new Rule(xid.get().action(), "XID " + xid.get().code() + ": " + xid.get().advice());
            }
        }
        return rules.get(item.kind());
    }
}
