package org.aitelemetry.prometheus;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StorageRetentionTest {

    @ParameterizedTest(name = "''{0}'' -> {1}")
    @CsvSource(nullValues = "none", value = {
        "2w1d,            PT360H",   // the default 15d, as Prometheus writes it
        "12w6d,           PT2160H",  // 90d
        "15d,             PT360H",
        "1y,              PT8760H",  // Prometheus' year is 365 days
        "6h30m,           PT6H30M",
        "1m30s500ms,      PT1M30.5S",
        "500ms,           PT0.5S",
        "12w6d or 10GiB,  PT2160H",  // time and size limits: the time limit
        "10GiB or 2w1d,   PT360H",
        "10GiB,           none",     // a size limit only: no time to tell
        "0s,              none",
        "'',              none",
        "none,            none",
        "15 days,         none",
        "-1d,             none",
        "1d2w,            none",     // units out of order are not Prometheus'
    })
    void theTimeLimitIsRead(String storageRetention, Duration expected) {
        assertThat(StorageRetention.parse(storageRetention)).isEqualTo(Optional.ofNullable(expected));
    }
}
