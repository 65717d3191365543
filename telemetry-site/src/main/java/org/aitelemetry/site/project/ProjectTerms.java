package org.aitelemetry.site.project;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.aitelemetry.site.ngsild.NgsiLdTerm;
import org.aitelemetry.site.ngsild.NgsiLdTerms;

/** NGSI-LD terms of research projects. */
@ApplicationScoped
public class ProjectTerms implements NgsiLdTerms {

    static final NgsiLdTerm NAMESPACE = NgsiLdTerm.of("namespace", "Kubernetes namespace of the project.");
    static final NgsiLdTerm TITLE = NgsiLdTerm.of("title", "Title of the project.");
    static final NgsiLdTerm DESCRIPTION = NgsiLdTerm.of("description", "Description of the project.");
    static final NgsiLdTerm PI = NgsiLdTerm.of("pi", "Principal investigator, as the allocation system names them.");
    static final NgsiLdTerm INSTITUTION = NgsiLdTerm.of("institution", "Institution of the project's PI.");
    static final NgsiLdTerm ALLOCATION_ID = NgsiLdTerm.of("allocationId", "The allocation the project bills to.");
    static final NgsiLdTerm ALLOCATION_PROJECT_ID = NgsiLdTerm.of("allocationProjectId",
            "The allocation system's own id of the project (ColdFront's project id).");
    static final NgsiLdTerm FIELD_OF_SCIENCE = NgsiLdTerm.of("fieldOfScience", "Field of science of the project.");
    static final NgsiLdTerm METADATA_SOURCE = NgsiLdTerm.of("metadataSource",
            "Who says the project's title, PI, allocation and field of science: NAMESPACE (its annotations) or "
                    + "COLDFRONT.");
    static final NgsiLdTerm ACTIVE = NgsiLdTerm.of("active", "True while the project is active.");
    static final NgsiLdTerm GPUS_REQUESTED = NgsiLdTerm.measured("gpusRequested",
            "Whole GPUs the project's pods request now.", "C62", "count");
    static final NgsiLdTerm MIG_REQUESTED = NgsiLdTerm.measured("migRequested",
            "MIG slices the project's pods request now, per MIG resource.", null, "count per MIG resource");
    static final NgsiLdTerm RESTARTING_PODS = NgsiLdTerm.measured("restartingPods",
            "Containers that restarted in the last 15 minutes.", "C62", "count");
    static final NgsiLdTerm TERMINATING_PODS = NgsiLdTerm.measured("terminatingPods",
            "Pods stuck terminating for more than 5 minutes.", "C62", "count");
    static final NgsiLdTerm FULL_PVCS = NgsiLdTerm.measured("fullPvcs",
            "Persistent volume claims more than 95% full.", "C62", "count");
    static final NgsiLdTerm VLLM_DETECTED = NgsiLdTerm.of("vllmDetected",
            "True when a vLLM server reports metrics in the namespace.");

    @Override
    public List<NgsiLdTerm> terms() {
        return List.of(NAMESPACE, TITLE, DESCRIPTION, PI, INSTITUTION, ALLOCATION_ID, ALLOCATION_PROJECT_ID,
                FIELD_OF_SCIENCE, METADATA_SOURCE, ACTIVE, GPUS_REQUESTED, MIG_REQUESTED, RESTARTING_PODS,
                TERMINATING_PODS, FULL_PVCS, VLLM_DETECTED);
    }
}
