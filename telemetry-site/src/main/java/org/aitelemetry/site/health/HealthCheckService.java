package org.aitelemetry.site.health;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;
import org.aitelemetry.model.health.HealthCheckRequest;
import org.aitelemetry.site.api.ApiProblem;
import org.aitelemetry.site.security.Caller;
import org.aitelemetry.site.security.ProjectKey;

/**
 * Records health-check requests: a valid body, a caller allowed to check that target, a known cluster (and node) on
 * which a live worker acts, and the caller under its rate limit. A NODE check occupies GPUs other projects may use,
 * so only admins may ask; a PROJECT check every GPU of a project, so its managers; a JOB check only the job's, so
 * any member.
 */
@ApplicationScoped
public class HealthCheckService {

    private final HealthCheckQueries requests;
    private final HealthCheckRequestRepository repository;
    private final HealthCheckRateLimit rateLimit;

    public HealthCheckService(HealthCheckQueries requests, HealthCheckRequestRepository repository,
            HealthCheckRateLimit rateLimit) {
        this.requests = requests;
        this.repository = repository;
        this.rateLimit = rateLimit;
    }

    public Uni<HealthCheckView> create(Caller caller, HealthCheckCreate body) {
        HealthCheckCreate request = HealthCheckRules.validated(body);
        authorize(caller, request);
        HealthCheckTargetSpec target = request.target();
        return requests.cluster(request.cluster(), target.node()).flatMap(cluster -> {
            if (cluster == null) {
                throw ApiProblem.notFound("cluster " + request.cluster());
            }
            if (target.node() != null && !cluster.nodeKnown()) {
                throw ApiProblem.notFound("node " + target.node() + " of cluster " + request.cluster());
            }
            if (!cluster.actuated()) {
                throw noActuator(request.cluster());
            }
            HealthCheckRequest pending = pending(caller.name(), cluster.clusterId(), request);
            return rateLimit.withinLimit(caller.name(), () -> repository.persistAndFlush(pending))
                    .map(stored -> HealthCheckView.of(stored, request.cluster()));
        });
    }

    /** A new PENDING request; flushed at once, so the database's timestamps are read back before the answer. */
    private static HealthCheckRequest pending(String requestedBy, long clusterId, HealthCheckCreate request) {
        HealthCheckTargetSpec target = request.target();
        HealthCheckRequest pending = new HealthCheckRequest();
        pending.id = UUID.randomUUID();
        pending.requestedBy = requestedBy;
        pending.clusterId = clusterId;
        pending.targetKind = target.kind();
        pending.nodeName = target.node();
        pending.namespace = target.namespace();
        pending.podSelector = target.podSelector();
        pending.podNames = target.pods() == null ? List.of() : target.pods();
        pending.tests = request.tests();
        return pending;
    }

    private static void authorize(Caller caller, HealthCheckCreate request) {
        HealthCheckTargetSpec target = request.target();
        switch (target.kind()) {
            case NODE -> {
                if (!caller.admin()) {
                    throw ApiProblem.forbidden("only telemetry-admin may check a whole node");
                }
            }
            case PROJECT -> {
                requireMember(caller, request.cluster(), target.namespace());
                if (!caller.admin() && !caller.manager()) {
                    throw ApiProblem.forbidden("only the project's telemetry-manager may check all its GPUs");
                }
            }
            case JOB -> requireMember(caller, request.cluster(), target.namespace());
        }
    }

    /**
     * Refused now rather than left PENDING forever: no worker would ever run it. 409, since the request is valid and
     * the same one succeeds once a worker acts on the cluster.
     */
    static ApiProblem noActuator(String cluster) {
        return new ApiProblem(409, "no-actuator", "no worker acts on cluster " + cluster
                + "'s Kubernetes API, so the check could not run; ask an operator to configure one");
    }

    /** Another project is answered 404, as if it did not exist. */
    private static void requireMember(Caller caller, String cluster, String namespace) {
        if (!caller.member(new ProjectKey(cluster, namespace))) {
            throw ApiProblem.notFound("project " + cluster + "/" + namespace);
        }
    }
}
