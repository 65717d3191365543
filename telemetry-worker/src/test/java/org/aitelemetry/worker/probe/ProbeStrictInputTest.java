package org.aitelemetry.worker.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.oidc.server.OidcWiremockTestResource;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.aitelemetry.devkit.postgres.PostgresTestResource;
import org.aitelemetry.worker.ingest.IngestSecurityProfile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 18 items 2–3 end to end: probe reports PostgreSQL would refuse to store (the run is kept whole in jsonb), or
 * that are no strict JSON, answered 503 before, so gpu-probe retried them for ever. Each now gets 400 with the reason
 * and stores nothing. Every case is the probe's golden report, changed in one place.
 */
@QuarkusTest
@TestProfile(IngestSecurityProfile.class)
@WithTestResource(PostgresTestResource.class)
@WithTestResource(OidcWiremockTestResource.class)
class ProbeStrictInputTest {

    @Inject
    Pool pool;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            # case                   | replaced               | by                                     | the reason names
            huge number              | "m": 8192              | "m": 1e999999                          | the number 1e999999 at /gpus/0/tests/gemm_bf16/details/m is outside the range
            tiny number              | "m": 8192              | "m": 1e-999999                         | outside the range PostgreSQL can store
            value beyond a double    | "value": 700,          | "value": 1e400,                        | gpus[0].tests.gemm_bf16.value must be a number a double can hold
            NaN token                | "m": 8192              | "m": NaN                               | not valid JSON
            Infinity token           | "m": 8192              | "m": -Infinity                         | not valid JSON
            lone surrogate           | Linux 6.8.0            | Linux \\ud800                          | a string at /host/kernel contains an unpaired UTF-16 surrogate
            NUL                      | Ubuntu 24.04 LTS       | Ubuntu\\u0000                          | /host/os contains a NUL character
            NUL in a name            | "check": "exact"       | "che\\u0000ck": "exact"                | contains a NUL character
            duplicate member         | "kernel": "Linux 6.8.0", | "kernel": "Linux 6.8.0", "kernel": "x", | Duplicate field 'kernel'
            duplicate, deep          | "check": "exact",      | "check": "exact", "check": "exact",    | Duplicate field 'check'
            """)
    void reportsPostgresqlCannotStoreAre400AndStoreNothing(String name, String replaced, String by, String reason) {
        assertRefused(report(name).replace(replaced, by), name, reason);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            a second report  | {"schema_version": "1.0"}
            garbage          | x
            a closing brace  | }
            """)
    void contentAfterTheReportIs400AndStoresNothing(String name, String trailing) {
        assertRefused(report(name) + trailing, name, "content after the JSON value");
    }

    private void assertRefused(String body, String name, String reason) {
        long runs = count("SELECT count(*) FROM probe_run");

        ProbeRunResourceTest.post(body).statusCode(400).contentType("application/problem+json")
                .body("detail", containsString(reason));

        assertThat(count("SELECT count(*) FROM probe_run")).isEqualTo(runs);
        assertThat(pool.preparedQuery("SELECT count(*) FROM probe_run WHERE run_id = $1")
                .executeAndAwait(Tuple.of(runId(name))).iterator().next().getLong(0)).isZero();
    }

    /** The golden report with a run id of its own, so that no other test's run can hide a store. */
    private static String report(String name) {
        return ProbeReports.golden().replace("0b6f1f38-3a53-4c1e-9f53-2d7c1a9e4b10", runId(name).toString());
    }

    private static UUID runId(String name) {
        return UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8));
    }

    private long count(String sql) {
        return pool.query(sql).executeAndAwait().iterator().next().getLong(0);
    }
}
