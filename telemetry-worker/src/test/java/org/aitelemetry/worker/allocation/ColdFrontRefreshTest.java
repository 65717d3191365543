package org.aitelemetry.worker.allocation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.aitelemetry.devkit.coldfront.ColdFrontApi;
import org.aitelemetry.devkit.coldfront.ColdFrontApi.Allocation;
import org.aitelemetry.devkit.fleet.FleetTestResource;
import org.aitelemetry.devkit.fleet.InjectFleet;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.sync.FleetSync;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * ColdFront's REST API (a faithful stand-in) as the second source of who a project is: the fields it says are its,
 * the fleet sync's namespace annotations no longer overwrite them, a project it stops listing goes back to its
 * annotations, and a ColdFront that fails, refuses or answers nonsense changes nothing.
 */
@QuarkusTest
@WithTestResource(PostgresTestResource.class)
@WithTestResource(FleetTestResource.class)
@WithTestResource(ColdFrontTestResource.class)
class ColdFrontRefreshTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final String PROJECT = """
            SELECT p.title, p.pi, p.institution, p.allocation_id, p.allocation_project_id, p.field_of_science,
                   p.metadata_source, p.metadata_at
            FROM research_project p JOIN ai_cluster c ON c.id = p.cluster_id WHERE c.name = $1 AND p.namespace = $2""";

    @InjectFleet
    ColdFrontApi coldFront;

    @Inject
    ColdFrontRefresh refresh;

    @Inject
    FleetSync sync;

    @Inject
    Pool pool;

    /** Two projects of hub-a the sync made: one with ColdFront's annotations on its namespace, one without. */
    private String annotated;
    private String bare;

    @BeforeEach
    void projectsExist() {
        sync.syncAll().await().atMost(PATIENCE);
        annotated = namespace("p.title IS NOT NULL");
        bare = namespace("p.title IS NULL");
    }

    @AfterEach
    void nothingListedAnyMore() {
        coldFront.failWith(0);
        coldFront.serveBody(null);
        coldFront.changePassword(ColdFrontTestResource.PASSWORD);
        coldFront.list(List.of());
        refresh.refresh(Instant.now()).await().atMost(PATIENCE);
    }

    @Test
    void coldFrontOwnsWhatItSaysAndTheSyncLeavesItBe() {
        Row before = project(annotated);
        coldFront.list(List.of(
                new Allocation(501, ColdFrontTestResource.RESOURCE, annotated, 77, "Climate models", "ada",
                        "Earth Sciences"),
                new Allocation(502, ColdFrontTestResource.RESOURCE, bare, 78, "Protein folding", "grace", "Biology"),
                new Allocation(400, ColdFrontTestResource.RESOURCE, bare, 70, "An older allocation", "old", "Old"),
                new Allocation(503, ColdFrontTestResource.RESOURCE, null, 79, "Not provisioned yet", "alan", "Physics"),
                new Allocation(504, "OpenStack-West", "vm-only", 80, "No GPU namespace", "ed", "Chemistry")));

        ColdFrontRefresh.Outcome outcome = refresh.refresh(Instant.now()).await().atMost(PATIENCE);

        assertThat(outcome).isEqualTo(new ColdFrontRefresh.Outcome(5, 1, 2, 0));
        Row said = project(annotated);
        assertThat(said.getString("title")).isEqualTo("Climate models");
        assertThat(said.getString("pi")).isEqualTo("ada");
        assertThat(said.getString("allocation_id")).isEqualTo("501");
        assertThat(said.getString("allocation_project_id")).isEqualTo("77");
        assertThat(said.getString("field_of_science")).isEqualTo("Earth Sciences");
        assertThat(said.getString("metadata_source")).isEqualTo("COLDFRONT");
        assertThat(said.getString("institution")).as("ColdFront does not say it: the namespace's stays")
                .isEqualTo(before.getString("institution"));
        assertThat(project(bare).getString("title")).as("the newest of two allocations").isEqualTo("Protein folding");

        sync.syncAll().await().atMost(PATIENCE);
        assertThat(project(annotated).getString("title")).as("the annotations no longer overwrite it")
                .isEqualTo("Climate models");
        assertThat(refresh.refresh(Instant.now()).await().atMost(PATIENCE).applied()).as("unchanged, nothing written")
                .isZero();
    }

    @Test
    void aProjectNoLongerListedGoesBackToItsAnnotations() {
        String annotatedTitle = project(annotated).getString("title");
        coldFront.list(List.of(new Allocation(501, ColdFrontTestResource.RESOURCE, annotated, 77, "Climate models",
                "ada", "Earth Sciences")));
        refresh.refresh(Instant.now()).await().atMost(PATIENCE);

        coldFront.list(List.of());
        ColdFrontRefresh.Outcome outcome = refresh.refresh(Instant.now()).await().atMost(PATIENCE);
        sync.syncAll().await().atMost(PATIENCE);

        assertThat(outcome.released()).isEqualTo(1);
        Row back = project(annotated);
        assertThat(back.getString("metadata_source")).isEqualTo("NAMESPACE");
        assertThat(back.getString("title")).as("the namespace's annotation again").isEqualTo(annotatedTitle);
        assertThat(back.getString("field_of_science")).as("no annotation says it: the last value is kept")
                .isEqualTo("Earth Sciences");
    }

    @Test
    void aColdFrontThatFailsRefusesOrAnswersNonsenseChangesNothing() {
        coldFront.list(List.of(new Allocation(501, ColdFrontTestResource.RESOURCE, annotated, 77, "Climate models",
                "ada", "Earth Sciences")));
        refresh.refresh(Instant.now()).await().atMost(PATIENCE);
        Row before = project(annotated);
        coldFront.list(List.of(new Allocation(601, ColdFrontTestResource.RESOURCE, annotated, 90, "Changed",
                "eve", "Changed")));

        coldFront.failWith(503);
        assertThatThrownBy(() -> refresh.refresh(Instant.now()).await().atMost(PATIENCE))
                .hasMessageContaining("ColdFront answered 503");
        coldFront.failWith(0);
        coldFront.serveBody("<html><body>Gateway login</body></html>");
        assertThatThrownBy(() -> refresh.refresh(Instant.now()).await().atMost(PATIENCE))
                .hasMessageContaining("not a JSON array");
        coldFront.serveBody("{\"detail\": \"an object, not a listing\"}");
        assertThatThrownBy(() -> refresh.refresh(Instant.now()).await().atMost(PATIENCE))
                .hasMessageContaining("not a JSON array");
        coldFront.serveBody(null);
        coldFront.changePassword("rotated");
        assertThatThrownBy(() -> refresh.refresh(Instant.now()).await().atMost(PATIENCE))
                .hasMessageContaining("refused the credentials (403)");

        Row after = project(annotated);
        assertThat(after.getString("title")).isEqualTo(before.getString("title")).isEqualTo("Climate models");
        assertThat(after.getString("metadata_source")).isEqualTo("COLDFRONT");
        assertThat(after.getOffsetDateTime("metadata_at")).isEqualTo(before.getOffsetDateTime("metadata_at"));
    }

    private String namespace(String condition) {
        return pool.preparedQuery("SELECT p.namespace FROM research_project p JOIN ai_cluster c ON c.id = p.cluster_id"
                        + " WHERE c.name = $1 AND " + condition + " ORDER BY p.namespace LIMIT 1")
                .executeAndAwait(Tuple.of(ColdFrontTestResource.RESOURCE_CLUSTER)).iterator().next()
                .getString("namespace");
    }

    private Row project(String namespace) {
        return pool.preparedQuery(PROJECT).executeAndAwait(Tuple.of(ColdFrontTestResource.RESOURCE_CLUSTER, namespace))
                .iterator().next();
    }
}
