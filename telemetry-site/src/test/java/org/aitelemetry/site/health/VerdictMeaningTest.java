package org.aitelemetry.site.health;

import static org.assertj.core.api.Assertions.assertThat;

import org.aitelemetry.model.fleet.HealthVerdict;
import org.aitelemetry.model.health.ProbeVerdict;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** Every verdict the model knows has a one-line meaning, and the two that are not health never read as healthy. */
class VerdictMeaningTest {

    @ParameterizedTest
    @EnumSource(HealthVerdict.class)
    void everyHealthVerdictHasAMeaning(HealthVerdict verdict) {
        assertThat(VerdictMeaning.of(verdict.name())).isNotBlank();
    }

    @ParameterizedTest
    @EnumSource(ProbeVerdict.class)
    void everyRunVerdictHasAMeaning(ProbeVerdict verdict) {
        assertThat(VerdictMeaning.of(verdict.name())).isNotBlank();
    }

    @ParameterizedTest
    @CsvSource({"UNSCORED,not known to be healthy", "INCONCLUSIVE,a re-run is scheduled"})
    void unscoredAndInconclusiveSayTheyAreNotHealthy(String verdict, String says) {
        assertThat(VerdictMeaning.of(verdict)).contains(says);
    }
}
