package org.aitelemetry.site.health;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.aitelemetry.site.api.ApiProblem;
import org.aitelemetry.site.api.QueryParams;
import org.aitelemetry.site.security.Caller;
import org.aitelemetry.site.security.ProjectKey;

/**
 * Whether a job's GPUs and nodes are healthy: its pods named one by one or by a name prefix (the job's name), in one
 * of the caller's projects. Shared by the API and the job-health page, so both validate and scope alike.
 */
@ApplicationScoped
public class JobHealthService {

    private static final int NAME_MAX = 253;
    /** As the contract says: a longer list would not fit the request line; podPrefix names larger jobs. */
    private static final int PODS_MAX = 200;

    private final JobHealthQueries jobs;

    public JobHealthService(JobHealthQueries jobs) {
        this.jobs = jobs;
    }

    public Uni<JobHealthView> lookup(Caller caller, String cluster, String namespace, List<String> pod,
            String podPrefix) {
        String clusterName = required("cluster", QueryParams.text("cluster", cluster, NAME_MAX));
        String projectNamespace = required("namespace",
                QueryParams.text("namespace", namespace, ProjectKey.NAMESPACE_MAX_LENGTH));
        List<String> pods = pods(pod);
        String prefix = QueryParams.text("podPrefix", podPrefix, NAME_MAX);
        if (pods.isEmpty() && prefix == null) {
            throw ApiProblem.badParameter("pod", "or 'podPrefix' is required: name the job's pods or their prefix");
        }
        // Not a member: the same answer whether the project exists or not.
        if (!caller.member(new ProjectKey(clusterName, projectNamespace))) {
            throw ApiProblem.notFound("project " + clusterName + "/" + projectNamespace);
        }
        Uni<List<HeldGpu>> held = pods.isEmpty() ? jobs.byPodPrefix(clusterName, projectNamespace, prefix)
                : jobs.byPodNames(clusterName, projectNamespace, pods);
        return held.map(gpus -> JobHealthView.of(clusterName, projectNamespace, gpus));
    }

    private static List<String> pods(List<String> values) {
        List<String> pods = values == null ? List.of() : values.stream().filter(pod -> !pod.isEmpty()).toList();
        if (pods.size() > PODS_MAX) {
            throw ApiProblem.badParameter("pod", "is repeated at most " + PODS_MAX + " times");
        }
        pods.forEach(pod -> QueryParams.text("pod", pod, NAME_MAX));
        return pods;
    }

    private static String required(String name, String value) {
        if (value == null) {
            throw ApiProblem.badParameter(name, "is required");
        }
        return value;
    }
}
