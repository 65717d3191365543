package org.aitelemetry.deploy.check;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.aitelemetry.deploy.render.KubeObject;
import org.aitelemetry.deploy.render.Manifests;

/**
 * The pods of every Deployment, Job and CronJob here, and the probe pods of the worker's own Jobs, are selected by a
 * NetworkPolicy that restricts their egress: an app or probe whose egress is open could reach anything in the cluster
 * or beyond.
 */
final class EgressPolicies implements Check {

    private static final List<String> WORKLOADS = List.of("Deployment", "Job", "CronJob");
    /** The label the worker gives its probe pods (telemetry-worker: ProbeJobs), with a request id as its value. */
    private static final Map<String, String> PROBE_POD_LABELS = Map.of("aitelemetry.org/health-check", "request-id");

    @Override
    public List<Finding> check(Manifests manifests) {
        List<KubeObject> egress = manifests.ofKind("NetworkPolicy").stream().filter(EgressPolicies::limitsEgress)
                .toList();
        List<Finding> findings = new ArrayList<>();
        for (PodTemplate template : PodTemplate.all(manifests)) {
            if (WORKLOADS.contains(template.owner().kind()) && egress.stream().noneMatch(policy ->
                    policy.namespace().equals(template.namespace())
                            && LabelSelector.matches(policy.at("/spec/podSelector"), template.labels()))) {
                findings.add(Finding.of(template.owner(), "no NetworkPolicy limits its pods' egress"));
            }
        }
        WorkerSettings.of(manifests).ifPresent(worker -> {
            if (egress.stream().noneMatch(policy -> policy.namespace().equals(worker.probeNamespace())
                    && LabelSelector.matches(policy.at("/spec/podSelector"), PROBE_POD_LABELS))) {
                findings.add(new Finding("the worker's probe Jobs in " + worker.probeNamespace(),
                        "no NetworkPolicy limits their pods' egress"));
            }
        });
        return findings;
    }

    private static boolean limitsEgress(KubeObject policy) {
        for (JsonNode type : policy.at("/spec/policyTypes")) {
            if (type.asText().equals("Egress")) {
                return true;
            }
        }
        return false;
    }
}
