package org.aitelemetry.site.health;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import java.util.List;
import org.aitelemetry.site.api.ApiMediaTypes;
import org.aitelemetry.site.security.CurrentCaller;
import org.aitelemetry.site.security.Roles;
import org.jboss.resteasy.reactive.RestQuery;

/** {@code /api/v1/job-health}: which of a job's GPUs and nodes are unhealthy, for members of its project. */
@Path("/api/v1/job-health")
@Produces(ApiMediaTypes.JSON)
@RolesAllowed({Roles.ADMIN, Roles.MANAGER, Roles.RESEARCHER})
public class JobHealthResource {

    private final JobHealthService jobs;
    private final CurrentCaller caller;

    public JobHealthResource(JobHealthService jobs, CurrentCaller caller) {
        this.jobs = jobs;
        this.caller = caller;
    }

    @GET
    public Uni<JobHealthView> get(@RestQuery String cluster, @RestQuery String namespace, @RestQuery List<String> pod,
            @RestQuery String podPrefix) {
        return jobs.lookup(caller.get(), cluster, namespace, pod, podPrefix);
    }
}
