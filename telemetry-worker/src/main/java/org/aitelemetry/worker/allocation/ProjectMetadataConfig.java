package org.aitelemetry.worker.allocation;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.List;
import java.util.Optional;

/**
 * Where a research project's metadata comes from, {@code telemetry.projects.metadata.*}: per field, the namespace's
 * annotations and labels to read it from, as {@code annotation:<name>} or {@code label:<name>} in their Kubernetes
 * spelling, the first with a value winning. kube-state-metrics publishes only what its allow-lists name
 * ({@code --metric-annotations-allowlist=namespaces=[…]}, {@code --metric-labels-allowlist=namespaces=[…]}). The
 * defaults are what ColdFront's OpenShift plugin writes on a project namespace.
 */
@ConfigMapping(prefix = "telemetry.projects.metadata")
public interface ProjectMetadataConfig {

    /** The project's title. */
    @WithDefault("annotation:openshift.io/display-name")
    List<String> title();

    /** The principal investigator (ColdFront's PI username). */
    @WithDefault("annotation:cf_pi,annotation:openshift.io/requester")
    List<String> pi();

    /** The allocation system's own id of the project (ColdFront's project id). */
    @WithDefault("annotation:cf_project_id")
    List<String> allocationProjectId();

    /** The allocation the project bills to; none by default (ColdFront does not annotate it). */
    Optional<List<String>> allocationId();

    /** The PI's institution; none by default. */
    Optional<List<String>> institution();

    /** The field of science; none by default. */
    Optional<List<String>> fieldOfScience();
}
