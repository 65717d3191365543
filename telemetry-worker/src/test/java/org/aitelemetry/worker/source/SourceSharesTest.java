package org.aitelemetry.worker.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SourceSharesTest {

    @ParameterizedTest(name = "{0} sources on {1} replicas")
    @CsvSource({"6, 3", "6, 4", "5, 4", "1, 3", "7, 1", "3, 6", "24, 5"})
    void everySourceHasOneReplicaAndSharesDifferByOneAtMost(int sourceCount, int replicaCount) {
        for (int deal = 0; deal < 50; deal++) {
            List<String> replicas = replicas(replicaCount);
            Map<String, String> owners = SourceShares.owners(sources(sourceCount), replicas);

            assertThat(owners.keySet()).containsExactlyInAnyOrderElementsOf(sources(sourceCount));
            assertThat(replicas).containsAll(owners.values());
            Map<String, Long> loads = replicas.stream().collect(Collectors.toMap(Function.identity(),
                    replica -> owners.values().stream().filter(replica::equals).count()));
            assertThat(Collections.max(loads.values()) - Collections.min(loads.values())).as("%s", loads)
                    .isLessThanOrEqualTo(1);
        }
    }

    @Test
    void everyReplicaDealsAlikeWhateverOrderItListsTheReplicasIn() {
        List<String> replicas = replicas(3);
        List<String> reversed = new ArrayList<>(replicas);
        Collections.reverse(reversed);
        List<String> sources = sources(6);
        List<String> shuffled = new ArrayList<>(sources);
        Collections.shuffle(shuffled);

        assertThat(SourceShares.owners(shuffled, reversed)).isEqualTo(SourceShares.owners(sources, replicas));
    }

    @Test
    void aReplicaThatStaysKeepsMostOfItsSourcesWhenAnotherComes() {
        int kept = 0;
        int deals = 50;
        for (int deal = 0; deal < deals; deal++) {
            List<String> replicas = replicas(3);
            Map<String, String> before = SourceShares.owners(sources(12), replicas);
            List<String> more = new ArrayList<>(replicas);
            more.add("worker-new/" + UUID.randomUUID());
            Map<String, String> after = SourceShares.owners(sources(12), more);
            kept += (int) before.keySet().stream().filter(source -> before.get(source).equals(after.get(source))).count();
        }
        // A fourth replica takes 3 of 12; round robin over a sorted list would move about 9 of them.
        assertThat(kept / (double) deals).as("sources kept per deal, of 12").isGreaterThanOrEqualTo(7);
    }

    private static List<String> sources(int count) {
        return IntStream.rangeClosed(1, count).mapToObj(i -> "hub-" + i).toList();
    }

    private static List<String> replicas(int count) {
        return IntStream.rangeClosed(1, count).mapToObj(i -> "worker-" + i + "/" + UUID.randomUUID()).toList();
    }
}
