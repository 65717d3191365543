package org.aitelemetry.worker.kube;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatus;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatusBuilder;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.kubernetes.client.KubernetesServer;
import io.quarkus.test.kubernetes.client.KubernetesTestServer;
import io.quarkus.test.kubernetes.client.WithKubernetesTestServer;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.junit.jupiter.api.Test;

/**
 * On-demand checks against the fabric8 mock API server (CRUD, with scripted refusals where a test sets them) and real
 * PostgreSQL: a PENDING request becomes exactly one gpu-probe Job per target node, requesting the GPUs it tests, and the
 * request SCHEDULED; a job's or a project's check requests and names only the GPUs it holds; the Job's status drives
 * the request's state; concurrent rounds create one Job; Jobs the API refuses are retried with growing delays, then the
 * request fails with the reason; the idle policy asks for one check per idle node per interval, and its check is
 * postponed, not failed, when the node turned busy.
 */
@QuarkusTest
@TestProfile(KubeProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithKubernetesTestServer(crud = true)
class ProbeChecksTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @KubernetesTestServer
    KubernetesServer server;

    @Inject
    Pool pool;

    @Inject
    CheckScheduler scheduler;

    @Inject
    CheckTracker tracker;

    @Inject
    IdleCheckPolicy idle;

    @Test
    void aPendingNodeRequestBecomesOneJobPinnedToTheNode() {
        KubeFleet fleet = new KubeFleet(pool);
        String node = node(fleet, 8);
        UUID id = fleet.nodeRequest(KubeProfile.CLUSTER, node);

        assertThat(scheduler.scheduleDue().await().atMost(WAIT)).contains(id);

        List<Job> jobs = jobs(id);
        assertThat(jobs).hasSize(1);
        Job job = jobs.get(0);
        PodSpec pod = job.getSpec().getTemplate().getSpec();
        assertThat(ProbeJobs.node(job)).isEqualTo(node);
        assertThat(pod.getAffinity().getNodeAffinity().getRequiredDuringSchedulingIgnoredDuringExecution()
                .getNodeSelectorTerms().get(0).getMatchFields().get(0).getValues()).containsExactly(node);
        assertThat(pod.getPriorityClassName()).isEqualTo("gpu-probe-low");
        assertThat(pod.getRestartPolicy()).isEqualTo("Never");
        assertThat(job.getSpec().getBackoffLimit()).isZero();
        assertThat(job.getSpec().getTtlSecondsAfterFinished()).isEqualTo(3600);
        var container = pod.getContainers().get(0);
        assertThat(container.getImage()).isEqualTo("registry.example/gpu-probe:1.0");
        assertThat(container.getArgs()).containsExactly("--push", "https://worker.example/api/ingest/v1/probe-runs",
                "--request-id", id.toString(), "--token-file", "/var/run/secrets/aitelemetry/token");
        assertThat(container.getEnv()).noneMatch(e -> e.getName().equals("NVIDIA_VISIBLE_DEVICES"));
        assertThat(container.getResources().getRequests()).as("a node check waits for every GPU of the node")
                .containsEntry("nvidia.com/gpu", new Quantity("8"));
        assertThat(pod.getAutomountServiceAccountToken()).isFalse();
        assertThat(pod.getVolumes().get(0).getSecret().getSecretName()).isEqualTo("gpu-probe-token");
        var row = fleet.request(id);
        assertThat(row.getString("state")).isEqualTo("SCHEDULED");
        assertThat(row.getString("job_name")).isEqualTo(job.getMetadata().getName());

        assertThat(scheduler.scheduleDue().await().atMost(WAIT)).doesNotContain(id);
        assertThat(jobs(id)).hasSize(1);
    }

    @Test
    void anAmdNodeIsCheckedThroughAmdsDevicePluginWithTheRocmImage() {
        KubeFleet fleet = new KubeFleet(pool);
        String node = name();
        fleet.amdNode(KubeProfile.CLUSTER, node, 8);
        UUID id = fleet.nodeRequest(KubeProfile.CLUSTER, node);

        scheduler.scheduleDue().await().atMost(WAIT);

        var container = jobs(id).get(0).getSpec().getTemplate().getSpec().getContainers().get(0);
        assertThat(container.getImage()).isEqualTo("registry.example/gpu-probe-rocm:1.0");
        assertThat(container.getResources().getRequests()).containsEntry("amd.com/gpu", new Quantity("8"))
                .doesNotContainKey("nvidia.com/gpu");
    }

    @Test
    void theJobsStatusDrivesTheRequestsState() {
        KubeFleet fleet = new KubeFleet(pool);
        UUID succeeds = fleet.nodeRequest(KubeProfile.CLUSTER, node(fleet, 1));
        UUID fails = fleet.nodeRequest(KubeProfile.CLUSTER, node(fleet, 1));
        scheduler.scheduleDue().await().atMost(WAIT);

        status(succeeds, new JobStatusBuilder().withActive(1).build());
        tracker.track().await().atMost(WAIT);
        assertThat(fleet.request(succeeds).getString("state")).isEqualTo("RUNNING");
        assertThat(fleet.request(fails).getString("state")).isEqualTo("SCHEDULED");

        status(succeeds, new JobStatusBuilder().withSucceeded(1).addNewCondition().withType("Complete")
                .withStatus("True").endCondition().build());
        status(fails, new JobStatusBuilder().withFailed(1).addNewCondition().withType("Failed").withStatus("True")
                .withReason("BackoffLimitExceeded").withMessage("Job has reached the specified backoff limit")
                .endCondition().build());
        tracker.track().await().atMost(WAIT);

        assertThat(fleet.request(succeeds).getString("state")).isEqualTo("SUCCEEDED");
        assertThat(fleet.request(fails).getString("state")).isEqualTo("FAILED");
        assertThat(fleet.request(fails).getString("state_reason")).contains("BackoffLimitExceeded");
    }

    @Test
    void aRequestWhoseJobsAreGoneFailsOnceSettled() {
        KubeFleet fleet = new KubeFleet(pool);
        UUID fresh = fleet.nodeRequest(KubeProfile.CLUSTER, node(fleet, 1));
        UUID settled = fleet.nodeRequest(KubeProfile.CLUSTER, node(fleet, 1));
        fleet.count("""
                WITH moved AS (UPDATE health_check_request SET state = 'SCHEDULED',
                  updated_at = now() - CASE WHEN id = $2 THEN interval '10 minutes' ELSE interval '0' END
                  WHERE id IN ($1, $2) RETURNING 1) SELECT count(*) FROM moved""", Tuple.of(fresh, settled));

        tracker.track().await().atMost(WAIT);

        assertThat(fleet.request(fresh).getString("state")).isEqualTo("SCHEDULED");
        assertThat(fleet.request(settled).getString("state")).isEqualTo("FAILED");
        assertThat(fleet.request(settled).getString("state_reason")).contains("no longer exists");
    }

    @Test
    void twoConcurrentRoundsCreateOneJob() {
        KubeFleet fleet = new KubeFleet(pool);
        UUID id = fleet.nodeRequest(KubeProfile.CLUSTER, node(fleet, 2));

        List<List<UUID>> rounds = Uni.join().all(scheduler.scheduleDue(), scheduler.scheduleDue()).andFailFast()
                .await().atMost(WAIT);

        assertThat(rounds.stream().filter(claimed -> claimed.contains(id))).hasSize(1);
        assertThat(jobs(id)).hasSize(1);
    }

    @Test
    void aJobSelectorRunsOnTheNodesOfTheMatchingPods() {
        KubeFleet fleet = new KubeFleet(pool);
        String first = node(fleet, 4);
        String second = node(fleet, 4);
        int gpu = 0;
        for (String node : List.of(first, second, first)) {
            String pod = pod("team-a", "job=llm", node);
            fleet.openSession(KubeProfile.CLUSTER, node, fleet.devices(KubeProfile.CLUSTER, node).get(gpu++ % 2),
                    "team-a", pod, null);
        }
        UUID id = fleet.request(KubeProfile.CLUSTER, "JOB", "team-a", "job=llm");

        scheduler.scheduleDue().await().atMost(WAIT);

        assertThat(jobs(id)).extracting(ProbeJobs::node).containsExactlyInAnyOrder(first, second);
        assertThat(fleet.request(id).getString("job_name")).isEqualTo("gpu-probe-" + id);
    }

    @Test
    void aProjectRequestRunsOnTheNodesHoldingTheProjectsGpusNow() {
        KubeFleet fleet = new KubeFleet(pool);
        String namespace = "team-" + UUID.randomUUID().toString().substring(0, 8);
        String bySession = name();
        fleet.openSession(KubeProfile.CLUSTER, bySession, fleet.node(KubeProfile.CLUSTER, bySession, 2, 0, "HEALTHY"),
                namespace);
        String byNodeLabel = node(fleet, 1);
        fleet.openSession(KubeProfile.CLUSTER, byNodeLabel, null, namespace, "notebook-1", "GPU-from-the-alert");
        String unnamed = node(fleet, 1);
        fleet.openSession(KubeProfile.CLUSTER, unnamed, null, namespace);
        String bySlice = name();
        fleet.slice(KubeProfile.CLUSTER, fleet.node(KubeProfile.CLUSTER, bySlice, 4, 0, "HEALTHY"), namespace,
                "PRESENT");
        String ended = name();
        fleet.finalSession(KubeProfile.CLUSTER, ended, fleet.node(KubeProfile.CLUSTER, ended, 1, 0, "HEALTHY"),
                namespace);
        String goneSlice = name();
        fleet.slice(KubeProfile.CLUSTER, fleet.node(KubeProfile.CLUSTER, goneSlice, 1, 0, "HEALTHY"), namespace,
                "MISSING");
        String otherProject = name();
        fleet.openSession(KubeProfile.CLUSTER, otherProject,
                fleet.node(KubeProfile.CLUSTER, otherProject, 1, 0, "HEALTHY"), namespace + "-other");
        String otherCluster = name();
        fleet.openSession("elsewhere", otherCluster, fleet.node("elsewhere", otherCluster, 1, 0, "HEALTHY"), namespace);
        UUID id = fleet.request(KubeProfile.CLUSTER, "PROJECT", namespace, null);

        assertThat(scheduler.scheduleDue().await().atMost(WAIT)).contains(id);

        List<Job> jobs = jobs(id);
        assertThat(jobs).as("a session naming no GPU cannot be checked").extracting(ProbeJobs::node)
                .containsExactlyInAnyOrder(bySession, byNodeLabel, bySlice);
        assertThat(gpusTested(jobs, byNodeLabel)).containsExactly("GPU-from-the-alert");
        assertThat(requests(jobs, byNodeLabel)).containsEntry("nvidia.com/gpu", new Quantity("1"));
        assertThat(requests(jobs, bySession)).containsEntry("nvidia.com/gpu", new Quantity("1"));
        assertThat(requests(jobs, bySlice)).containsEntry("nvidia.com/mig-1g.10gb", new Quantity("1"))
                .doesNotContainKey("nvidia.com/gpu");
        assertThat(jobs).allSatisfy(job -> {
            assertThat(job.getSpec().getTemplate().getSpec().getPriorityClassName()).isEqualTo("gpu-probe-low");
            assertThat(job.getSpec().getTemplate().getSpec().getContainers().get(0).getArgs())
                    .containsSequence("--request-id", id.toString());
        });
        assertThat(jobs).extracting(job -> job.getMetadata().getName()).doesNotHaveDuplicates();
        var row = fleet.request(id);
        assertThat(row.getString("state")).isEqualTo("SCHEDULED");
        assertThat(row.getString("job_name")).isEqualTo("gpu-probe-" + id);
    }

    @Test
    void jobsTheApiRefusesAreRetriedWithGrowingDelaysUntilTheRequestFailsWithTheReason() {
        KubeFleet fleet = new KubeFleet(pool);
        UUID id = fleet.nodeRequest(KubeProfile.CLUSTER, node(fleet, 1));
        fleet.cancelPendingExcept(id);
        try {
            refuseJobs(500, "etcdserver: request timed out");
            assertThat(scheduler.scheduleDue().await().atMost(WAIT)).containsExactly(id);
            var first = fleet.request(id);
            assertThat(first.getString("state")).isEqualTo("PENDING");
            assertThat(first.getInteger("schedule_attempts")).isEqualTo(1);
            assertThat(first.getString("state_reason")).startsWith("attempt 1 of 3 failed, retried in 30 s: ")
                    .contains("etcdserver: request timed out");
            assertThat(first.getDouble("seconds_to_retry")).isBetween(25.0, 30.0);

            assertThat(scheduler.scheduleDue().await().atMost(WAIT)).as("not before its backoff").isEmpty();

            fleet.due(id);
            refuseJobs(403, "jobs.batch is forbidden: User \"system:serviceaccount:ai-telemetry:telemetry-worker\""
                    + " cannot create resource \"jobs\"");
            assertThat(scheduler.scheduleDue().await().atMost(WAIT)).containsExactly(id);
            var second = fleet.request(id);
            assertThat(second.getString("state")).isEqualTo("PENDING");
            assertThat(second.getInteger("schedule_attempts")).isEqualTo(2);
            assertThat(second.getString("state_reason")).startsWith("attempt 2 of 3 failed, retried in 60 s: ")
                    .contains("forbidden");
            assertThat(second.getDouble("seconds_to_retry")).isBetween(55.0, 60.0);

            fleet.due(id);
            assertThat(scheduler.scheduleDue().await().atMost(WAIT)).containsExactly(id);
            var last = fleet.request(id);
            assertThat(last.getString("state")).isEqualTo("FAILED");
            assertThat(last.getInteger("schedule_attempts")).isEqualTo(3);
            assertThat(last.getString("state_reason"))
                    .startsWith("Jobs could not be created in 3 attempts; last error: ").contains("forbidden");
            assertThat(last.getValue("seconds_to_retry")).isNull();
        } finally {
            server.getKubernetesMockServer().clearExpectations();
        }
        fleet.due(id);
        assertThat(scheduler.scheduleDue().await().atMost(WAIT)).as("a failed request stays failed").isEmpty();
        assertThat(jobs(id)).isEmpty();
    }

    @Test
    void aJobTheApiCallsInvalidFailsAtOnce() {
        KubeFleet fleet = new KubeFleet(pool);
        UUID id = fleet.nodeRequest(KubeProfile.CLUSTER, node(fleet, 1));
        fleet.cancelPendingExcept(id);
        try {
            refuseJobs(422, "Job.batch is invalid: spec.template.spec.priorityClassName: Invalid value");
            assertThat(scheduler.scheduleDue().await().atMost(WAIT)).containsExactly(id);
        } finally {
            server.getKubernetesMockServer().clearExpectations();
        }

        var row = fleet.request(id);
        assertThat(row.getString("state")).isEqualTo("FAILED");
        assertThat(row.getInteger("schedule_attempts")).isEqualTo(1);
        assertThat(row.getString("state_reason")).startsWith("the Kubernetes API refused the Job as invalid: ")
                .contains("priorityClassName");
        assertThat(jobs(id)).isEmpty();
    }

    @Test
    void aProjectWithoutGpusFails() {
        KubeFleet fleet = new KubeFleet(pool);
        UUID id = fleet.request(KubeProfile.CLUSTER, "PROJECT", "team-idle", null);

        scheduler.scheduleDue().await().atMost(WAIT);

        assertThat(fleet.request(id).getString("state")).isEqualTo("FAILED");
        assertThat(jobs(id)).isEmpty();
    }

    @Test
    void idleNodesGetOneCheckPerInterval() {
        KubeFleet fleet = new KubeFleet(pool);
        String idleNode = node(fleet, 2);
        String busy = name();
        fleet.openSession(KubeProfile.CLUSTER, busy, fleet.node(KubeProfile.CLUSTER, busy, 2, 0, "HEALTHY"), "team-a");
        String hot = name();
        fleet.node(KubeProfile.CLUSTER, hot, 2, 90, "HEALTHY");

        List<String> requested = idle.requestDue().await().atMost(WAIT);
        List<String> again = idle.requestDue().await().atMost(WAIT);

        assertThat(requested).contains(idleNode).doesNotContain(busy, hot);
        assertThat(again).doesNotContain(idleNode);
        assertThat(fleet.count("""
                SELECT count(*) FROM health_check_request WHERE node_name = $1 AND requested_by = 'idle-policy'
                AND state = 'PENDING' AND target_kind = 'NODE'""", Tuple.of(idleNode))).isEqualTo(1);
    }

    /** Scenario 28: a researcher's job check requests and tests only that job's GPUs, not its neighbours'. */
    @Test
    void aResearchersJobCheckRequestsAndTestsOnlyThatJobsGpus() {
        KubeFleet fleet = new KubeFleet(pool);
        String shared = node(fleet, 8);
        List<Long> gpus = fleet.devices(KubeProfile.CLUSTER, shared);
        String first = pod("team-r", "job=finetune", shared);
        String second = pod("team-r", "job=finetune", shared);
        fleet.openSession(KubeProfile.CLUSTER, shared, gpus.get(2), "team-r", first, null);
        fleet.openSession(KubeProfile.CLUSTER, shared, gpus.get(5), "team-r", second, null);
        String neighbour = pod("team-n", "job=finetune", shared);
        for (int i : List.of(0, 1, 3)) {
            fleet.openSession(KubeProfile.CLUSTER, shared, gpus.get(i), "team-n", neighbour, null);
        }
        fleet.openSession(KubeProfile.CLUSTER, shared, gpus.get(4), "team-r", "other-job-0", null);
        UUID id = fleet.request(KubeProfile.CLUSTER, "JOB", "team-r", "job=finetune");
        fleet.cancelPendingExcept(id);

        assertThat(scheduler.scheduleDue().await().atMost(WAIT)).contains(id);

        List<Job> jobs = jobs(id);
        assertThat(jobs).hasSize(1);
        assertThat(gpusTested(jobs, shared)).containsExactlyInAnyOrder(fleet.uuid(gpus.get(2)),
                fleet.uuid(gpus.get(5)));
        assertThat(requests(jobs, shared)).containsEntry("nvidia.com/gpu", new Quantity("2"));
        assertThat(fleet.request(id).getString("state")).isEqualTo("SCHEDULED");
    }

    @Test
    void anIdleCheckWhoseNodeTurnedBusyIsPostponedNotFailed() {
        KubeFleet fleet = new KubeFleet(pool);
        String node = node(fleet, 2);
        assertThat(idle.requestDue().await().atMost(WAIT)).contains(node);
        UUID id = fleet.requestFor(node, IdleCheckPolicy.REQUESTER);
        fleet.cancelPendingExcept(id);
        fleet.openSession(KubeProfile.CLUSTER, node, fleet.devices(KubeProfile.CLUSTER, node).get(1), "team-b");

        assertThat(scheduler.scheduleDue().await().atMost(WAIT)).contains(id);

        var row = fleet.request(id);
        assertThat(row.getString("state")).isEqualTo("PENDING");
        assertThat(row.getString("state_reason")).startsWith("postponed 30 min").contains("turned busy");
        assertThat(row.getDouble("seconds_to_retry")).isBetween(1700.0, 1800.0);
        assertThat(row.getInteger("schedule_attempts")).isZero();
        assertThat(jobs(id)).isEmpty();
    }

    @Test
    void aNodeCheckOfANodeWithoutKnownGpusFails() {
        KubeFleet fleet = new KubeFleet(pool);
        UUID id = fleet.nodeRequest(KubeProfile.CLUSTER, "gpu-unknown-to-the-sync");

        scheduler.scheduleDue().await().atMost(WAIT);

        assertThat(fleet.request(id).getString("state")).isEqualTo("FAILED");
        assertThat(jobs(id)).isEmpty();
    }

    private String pod(String namespace, String selector, String node) {
        String[] label = selector.split("=");
        String name = "trainer-" + UUID.randomUUID().toString().substring(0, 8);
        server.getClient().pods().inNamespace(namespace).resource(new PodBuilder().withNewMetadata().withName(name)
                .addToLabels(label[0], label[1]).endMetadata()
                .withNewSpec().withNodeName(node).addNewContainer().withName("c").withImage("x").endContainer()
                .endSpec().build()).create();
        return name;
    }

    private static List<String> gpusTested(List<Job> jobs, String node) {
        List<String> args = job(jobs, node).getSpec().getTemplate().getSpec().getContainers().get(0).getArgs();
        int at = args.indexOf("--gpus");
        return at < 0 ? List.of() : List.of(args.get(at + 1).split(","));
    }

    private static Map<String, Quantity> requests(List<Job> jobs, String node) {
        return job(jobs, node).getSpec().getTemplate().getSpec().getContainers().get(0).getResources().getRequests();
    }

    private static Job job(List<Job> jobs, String node) {
        return jobs.stream().filter(job -> node.equals(ProbeJobs.node(job))).findFirst().orElseThrow();
    }

    private static String node(KubeFleet fleet, int gpus) {
        String name = name();
        fleet.node(KubeProfile.CLUSTER, name, gpus, 0, "HEALTHY");
        return name;
    }

    private static String name() {
        return "gpu-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** From now on every Job creation in the probe namespace is answered with this refusal, until cleared. */
    private void refuseJobs(int code, String message) {
        server.getKubernetesMockServer().clearExpectations();
        Status refusal = new StatusBuilder().withStatus("Failure").withCode(code).withMessage(message).build();
        server.expect().post().withPath("/apis/batch/v1/namespaces/" + KubeProfile.NAMESPACE + "/jobs")
                .andReturn(code, refusal).always();
    }

    private List<Job> jobs(UUID request) {
        return server.getClient().batch().v1().jobs().inNamespace(KubeProfile.NAMESPACE)
                .withLabel(ProbeJobs.REQUEST_LABEL, request.toString()).list().getItems();
    }

    private void status(UUID request, JobStatus status) {
        Job job = jobs(request).get(0);
        server.getClient().batch().v1().jobs().inNamespace(KubeProfile.NAMESPACE).withName(job.getMetadata().getName())
                .editStatus(j -> {
                    j.setStatus(status);
                    return j;
                });
    }
}
