package org.aitelemetry.devkit.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.aitelemetry.devkit.fleet.FleetDefinition;
import org.aitelemetry.devkit.fleet.FleetSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoContactsTest {

    /** The fleet bin/run-local starts without options, for which the demo realm's groups are written. */
    private final FleetDefinition fleet =
            FleetDefinition.generate(LaunchOptions.parse(new String[0]).platformOptions().fleet());

    @Test
    void everyProjectOfTheDemoFleetHasOnePiAndTheDemoPeopleTheirGroups(@TempDir Path dir) throws Exception {
        List<String> lines = Files.readAllLines(DemoContacts.write(fleet, dir.resolve("contacts.csv")));

        assertThat(lines.get(0)).isEqualTo(DemoContacts.HEADER);
        assertThat(lines).contains("cluster-01,nlp-001,PI,ada@example.org,ada",
                "cluster-01,nlp-001,MANAGER,grace@example.org,grace",
                "cluster-01,vision-002,MANAGER,grace@example.org,grace");
        Map<String, Long> pisPerProject = lines.stream().skip(1).map(line -> line.split(","))
                .filter(cells -> cells[2].equals("PI"))
                .collect(Collectors.groupingBy(cells -> cells[0] + "/" + cells[1], Collectors.counting()));
        assertThat(pisPerProject.keySet()).containsExactlyInAnyOrderElementsOf(
                fleet.projects().stream().map(project -> project.cluster() + "/" + project.namespace()).toList());
        assertThat(pisPerProject.values()).containsOnly(1L);
        assertThat(lines).allSatisfy(line -> assertThat(line.split(",")).hasSize(5));
    }

    @Test
    void aSmallerFleetNamesOnlyItsOwnProjects() {
        FleetDefinition small = FleetDefinition.generate(FleetSpec.builder(7).clusterCount(1).nodesPerCluster(1)
                .projectsPerCluster(1).build());

        List<String> lines = DemoContacts.lines(small);

        assertThat(lines).noneMatch(line -> line.contains("vision-002"));
        assertThat(lines.subList(1, lines.size())).allSatisfy(line -> assertThat(small.projects())
                .extracting(project -> project.cluster() + "," + project.namespace() + ",")
                .anySatisfy(prefix -> assertThat(line).startsWith(prefix)));
    }
}
