package org.aitelemetry.devkit.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.aitelemetry.devkit.fleet.ExpositionParser.Sample;
import org.junit.jupiter.api.Test;

/** Two ACM hubs, as FleetTestResource starts them with {@code hub-count} 2: each says its own of its clusters. */
class HubExpositionTest {

    private final FleetSpec first = FleetSpec.builder(7).hub(FleetTestResource.SOURCE).build();
    private final FleetSpec second = FleetTestResource.secondHub(first);
    private final FleetDefinition firstFleet = FleetDefinition.generate(first);
    private final FleetDefinition secondFleet = FleetDefinition.generate(second);
    private final HubExposition firstHub = new HubExposition(firstFleet);
    private final HubExposition secondHub = new HubExposition(secondFleet);

    @Test
    void theSecondHubSharesOneClusterNameWithTheFirstAndNoGpu() {
        Set<String> shared = new HashSet<>(names(first));
        shared.retainAll(names(second));

        assertThat(shared).containsExactly("hub-a");
        assertThat(names(second)).containsExactly(FleetTestResource.SECOND_HUB_OWN_CLUSTER, "hub-a");
        assertThat(second.clusters().get(1).labels()).as("the other label spelling").isEqualTo(LabelVariant.FEDERATED);
        assertThat(secondFleet.devices("hub-a")).hasSize(8).extracting(FleetDevice::uuid)
                .doesNotContainAnyElementsOf(firstFleet.devices("hub-a").stream().map(FleetDevice::uuid).toList());
    }

    @Test
    void twoHubsSayDifferentThingsOfTheirClustersOfTheSameName() throws Exception {
        assertThat(firstHub.hubClusterId()).isNotEqualTo(secondHub.hubClusterId());
        assertThat(firstHub.managedClusterId("hub-a")).isNotEqualTo(secondHub.managedClusterId("hub-a"));
        assertThat(firstHub.cloud("hub-a")).isEqualTo("BareMetal");
        assertThat(secondHub.cloud("hub-a")).isEqualTo("Amazon");
        assertThat(firstHub.coreWorkers("hub-a")).isEqualTo(3 * 64);
        assertThat(secondHub.coreWorkers("hub-a")).isEqualTo(2 * 64);

        List<Sample> page = page(secondHub);
        assertThat(page).extracting(sample -> sample.labels().get("hub_cluster_id"))
                .containsOnly(secondHub.hubClusterId());
        assertThat(page).filteredOn(sample -> sample.name().equals("acm_managed_cluster_labels"))
                .extracting(sample -> sample.labels().get("name") + "=" + sample.labels().get("managed_cluster_id"))
                .containsExactly(FleetTestResource.SECOND_HUB_OWN_CLUSTER + "="
                        + secondHub.managedClusterId(FleetTestResource.SECOND_HUB_OWN_CLUSTER),
                        "hub-a=" + secondHub.managedClusterId("hub-a"));
    }

    @Test
    void aHubsIdsFollowItsNameNotTheSeed() {
        HubExposition sameName = new HubExposition(FleetDefinition.generate(FleetSpec.builder(8)
                .hub(FleetTestResource.SOURCE).build()));

        assertThat(sameName.hubClusterId()).isEqualTo(firstHub.hubClusterId());
        assertThat(sameName.managedClusterId("hub-b")).isEqualTo(firstHub.managedClusterId("hub-b"));
    }

    private static List<String> names(FleetSpec spec) {
        return spec.clusters().stream().map(ClusterSpec::name).toList();
    }

    private static List<Sample> page(HubExposition hub) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        hub.write(out);
        return ExpositionParser.parse(out.toString(StandardCharsets.UTF_8));
    }
}
