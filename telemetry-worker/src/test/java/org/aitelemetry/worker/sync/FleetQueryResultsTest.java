package org.aitelemetry.worker.sync;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.aitelemetry.prometheus.QueryResult;
import org.aitelemetry.prometheus.dcgm.DcgmField;
import org.junit.jupiter.api.Test;

/** What a cycle sends, what it counts and what it reads are one list: a query added to one shows in the others. */
class FleetQueryResultsTest {

    @Test
    void everyQueryOfTheCycleLandsInItsOwnComponentAndIsCounted() {
        Map<FleetQuery, QueryResult> answers = new EnumMap<>(FleetQuery.class);
        Arrays.stream(FleetQuery.values()).forEach(query -> answers.put(query, answer(query)));
        Map<DcgmField, QueryResult> readings = new EnumMap<>(DcgmField.class);
        Arrays.stream(DcgmField.values()).forEach(field -> readings.put(field, answer(field)));

        FleetQueryResults results = FleetQueryResults.of(answers, DcgmReadingsFixture.of("c", readings));

        Arrays.stream(FleetQuery.values())
                .forEach(query -> assertThat(query.answerIn(results)).as(query.name()).isSameAs(answers.get(query)));
        assertThat(results.warnings()).as("every answer is read once")
                .hasSize(FleetReader.queriesPerCycle())
                .doesNotHaveDuplicates();
    }

    @Test
    void eachQueryResultComponentHasItsQuery() {
        long components = Arrays.stream(FleetQueryResults.class.getRecordComponents())
                .filter(component -> component.getType() == QueryResult.class).count();

        assertThat(components).isEqualTo(FleetQuery.values().length);
    }

    /** An answer told apart from the others by its one warning. */
    private static QueryResult answer(Enum<?> name) {
        return new QueryResult("vector", List.of(), List.of(name.name()));
    }
}
