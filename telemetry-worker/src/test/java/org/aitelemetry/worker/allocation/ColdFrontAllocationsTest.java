package org.aitelemetry.worker.allocation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.Map;
import org.aitelemetry.worker.allocation.ColdFrontAllocations.Allocated;
import org.aitelemetry.worker.allocation.ColdFrontAllocations.Listing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What NERC's cloud plugin lists, read into namespaces' facts: shapes ColdFront serves, and shapes it must not. */
class ColdFrontAllocationsTest {

    private final ColdFrontAllocations reader = new ColdFrontAllocations(Map.of("NERC-OCP", "ocp-prod"));

    @Test
    void anOpenShiftAllocationNamesItsNamespaceAndTheProjectsFacts() {
        Listing listing = reader.read("""
                [{"id": 12, "description": "GPU lab", "status": "Active",
                  "project": {"id": 7, "title": "  Climate models ", "description": "…", "pi": "ada@bu.edu",
                              "field_of_science": "Earth Sciences", "status": "Active"},
                  "resource": {"name": "NERC-OCP", "resource_type": "OpenShift"},
                  "attributes": {"Allocated Project ID": "climate-lab", "Allocated Project Name": "climate",
                                 "OpenShift Limit on GPU Quota": 4}},
                 {"id": 13, "project": {"id": 8, "title": "Other"}, "resource": {"name": "ocp-test"},
                  "attributes": {"Allocated Project ID": "other-lab"}}]""");

        assertThat(listing.skipped()).isZero();
        assertThat(listing.allocated()).containsExactly(
                new Allocated("ocp-prod", "climate-lab",
                        new ProjectMetadata("Climate models", "ada@bu.edu", null, "12", "7", "Earth Sciences")),
                new Allocated("ocp-test", "other-lab", new ProjectMetadata("Other", null, null, "13", "8", null)));
    }

    @ParameterizedTest(name = "left out: {0}")
    @ValueSource(strings = {
            "{\"id\": 1, \"project\": {}, \"resource\": {\"name\": \"NERC-OCP\"}, \"attributes\": {}}",
            "{\"id\": 1, \"project\": {}, \"resource\": {\"name\": \"NERC-OCP\"}, \"attributes\": {\"Allocated Project ID\": null}}",
            "{\"id\": 1, \"project\": {}, \"resource\": {\"name\": \"NERC-OCP\"}, \"attributes\": {\"Allocated Project ID\": \"Not_A_Namespace\"}}",
            "{\"id\": 1, \"project\": {}, \"resource\": {}, \"attributes\": {\"Allocated Project ID\": \"lab\"}}",
            "{\"id\": \"1\", \"project\": {}, \"resource\": {\"name\": \"NERC-OCP\"}, \"attributes\": {\"Allocated Project ID\": \"lab\"}}",
            "{\"id\": 1.5, \"project\": {}, \"resource\": {\"name\": \"NERC-OCP\"}, \"attributes\": {\"Allocated Project ID\": \"lab\"}}",
            "{\"id\": 1, \"project\": \"lab\", \"resource\": \"NERC-OCP\", \"attributes\": [\"lab\"]}",
            "\"just a string\"",
            "null"})
    void anAllocationNamingNoNamespaceOrMalformedIsLeftOutAndCounted(String allocation) {
        Listing listing = reader.read("[" + allocation + "]");

        assertThat(listing.allocated()).isEmpty();
        assertThat(listing.skipped()).isEqualTo(1);
    }

    @ParameterizedTest(name = "refused: {0}")
    @ValueSource(strings = {"<html>login</html>", "{\"detail\": \"Not found.\"}", "", "[1, 2"})
    void aBodyThatIsNoListingFails(String body) {
        assertThatIllegalArgumentException().isThrownBy(() -> reader.read(body))
                .withMessageStartingWith("ColdFront's allocations are not a JSON array");
    }
}
