package org.aitelemetry.devkit.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The timetable and the mix: what the open-loop generator sends, and when, without an app. */
class ApiLoadPlanTest {

    @Test
    void ticketsAreDueOnAFixedTimetableAndOnlyAfterTheWarmUpMeasured() {
        Timetable timetable = Timetable.of(1_000, 200, 10, 60);

        assertThat(timetable.tickets()).isEqualTo(14_000);
        assertThat(timetable.measuredTickets()).isEqualTo(12_000);
        assertThat(timetable.measuredSeconds()).isEqualTo(60.0);
        assertThat(timetable.dueNanos(0)).isEqualTo(1_000);
        assertThat(timetable.dueNanos(1)).isEqualTo(1_000 + 5_000_000);
        assertThat(timetable.dueNanos(2_000)).isEqualTo(1_000 + 10_000_000_000L);
        assertThat(timetable.measured(1_999)).isFalse();
        assertThat(timetable.measured(2_000)).isTrue();
    }

    @Test
    void operationsAreDrawnInProportionToTheirWeights() {
        ApiMix mix = ApiMix.parse("me=1,clusters=3");
        Map<ApiOperation, Integer> drawn = new EnumMap<>(ApiOperation.class);
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 40_000; i++) {
            drawn.merge(mix.pick(random), 1, Integer::sum);
        }

        assertThat(drawn).containsOnlyKeys(ApiOperation.ME, ApiOperation.CLUSTERS);
        assertThat(drawn.get(ApiOperation.CLUSTERS) / 40_000.0).isCloseTo(0.75, within(0.01));
        assertThat(mix.share(ApiOperation.ME)).isEqualTo(0.25);
    }

    @Test
    void theStandardMixHasEveryWeightedOperationAndNeverTheFloor() {
        ApiMix standard = ApiMix.standard();

        assertThat(standard.operations()).contains(ApiOperation.DEVICE, ApiOperation.PROJECT_USAGE)
                .doesNotContain(ApiOperation.HEALTH_LIVE);
        assertThat(ApiMix.parse("health-live").weights()).containsEntry(ApiOperation.HEALTH_LIVE, 1);
        assertThat(ApiOptions.parse(new String[] {"--smoke", "--mix", "me,clusters"}))
                .extracting(ApiOptions::scale, ApiOptions::rate, ApiOptions::seconds)
                .containsExactly(ApiFleetScale.SMOKE, 200, 5);
    }

    @Test
    void anUnknownOperationOrWeightIsRefused() {
        assertThatThrownBy(() -> ApiMix.parse("device,nope")).hasMessageContaining("unknown operation nope");
        assertThatThrownBy(() -> ApiMix.parse("me=x")).hasMessageContaining("key=weight");
        assertThatThrownBy(() -> ApiMix.parse("me=0")).hasMessageContaining("positive weight");
    }

    @Test
    void pathsFollowTheContract() {
        SplittableRandom random = new SplittableRandom(0);

        assertThat(ApiOperation.DEVICES_BY_NODE.path(ApiTargets.EXAMPLE, random))
                .isEqualTo("/api/v1/devices?cluster=cluster-01&node=worker-gpu-0001");
        assertThat(ApiOperation.PROJECT_USAGE.path(ApiTargets.EXAMPLE, random))
                .isEqualTo("/api/v1/projects/1/usage?granularity=day");
        assertThat(ApiOperation.HEALTH_LIVE.authenticated()).isFalse();
    }
}
