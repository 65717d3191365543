package org.aitelemetry.worker.contact;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.contact.Contact.Role;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The contacts file in the real PostgreSQL of the devkit: stored at start, replaced per file, idempotently. */
@QuarkusTest
@TestProfile(ContactStoreTest.ExampleContacts.class)
@WithTestResource(PostgresTestResource.class)
class ContactStoreTest {

    private static final String EXAMPLE = "classpath:contacts/example.csv";

    public static class ExampleContacts implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("telemetry.reports.contacts", EXAMPLE);
        }
    }

    @Inject
    Pool pool;

    @AfterEach
    void restoreTheExample() {
        replace(EXAMPLE, ContactsLoader.read(EXAMPLE));
        replace("other.csv", List.of());
    }

    @Test
    void theWorkerStoresTheFileAtStartAndStoringItAgainWritesNothing() {
        assertThat(stored(EXAMPLE)).containsExactly(
                "demo/nlp MANAGER grace.hopper@example.org Grace Hopper",
                "demo/nlp PI ada.lovelace@example.org Ada Lovelace",
                "demo/vision MANAGER grace.hopper@example.org Grace Hopper",
                "demo/vision PI alan.turing@example.org Turing, Alan");

        assertThat(replace(EXAMPLE, ContactsLoader.read(EXAMPLE))).isZero();
    }

    @Test
    void aChangedFileReplacesItsOwnRowsOnly() {
        replace("other.csv", List.of(new Contact("prod", "lab", Role.PI, "x@example.org", "")));

        int written = replace(EXAMPLE, List.of(
                new Contact("demo", "nlp", Role.PI, "ada.lovelace@example.org", "Countess Lovelace"),
                new Contact("demo", "rl", Role.PI, "rich@example.org", "")));

        // Three rows gone, one renamed, one new.
        assertThat(written).isEqualTo(5);
        assertThat(stored(EXAMPLE)).containsExactly("demo/nlp PI ada.lovelace@example.org Countess Lovelace",
                "demo/rl PI rich@example.org null");
        assertThat(stored("other.csv")).containsExactly("prod/lab PI x@example.org null");
    }

    private int replace(String source, List<Contact> contacts) {
        return new ContactStore(pool).replace(source, contacts).await().atMost(Duration.ofSeconds(30));
    }

    private List<String> stored(String source) {
        List<String> rows = new ArrayList<>();
        pool.preparedQuery("SELECT * FROM project_contact WHERE source = $1 ORDER BY cluster_name, namespace, role, "
                        + "email").execute(Tuple.of(source)).await().atMost(Duration.ofSeconds(30))
                .forEach(row -> rows.add(row.getString("cluster_name") + "/" + row.getString("namespace") + " "
                        + row.getString("role") + " " + row.getString("email") + " " + row.getString("display_name")));
        return rows;
    }
}
