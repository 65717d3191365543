package org.aitelemetry.prometheus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.aitelemetry.prometheus.QueryResponseParser.Envelope;
import org.junit.jupiter.api.Test;

class QueryResponseParserTest {

    @Test
    void vectorWithSpecialValues() throws IOException {
        Envelope envelope = parse("""
                {"status":"success","data":{"resultType":"vector","result":[
                  {"metric":{"gpu":"0"},"value":[1700000000.123,"1.5"]},
                  {"metric":{"gpu":"1"},"value":[1700000000,"-Inf"]},
                  {"metric":{"gpu":"2"},"value":[1700000000,"1e+06"]}]}}""");

        QueryResult result = envelope.result().orElseThrow();
        assertThat(envelope.success()).isTrue();
        assertThat(result.series()).extracting(series -> series.last().value())
                .containsExactly(1.5, Double.NEGATIVE_INFINITY, 1_000_000.0);
        assertThat(result.series().get(0).last().time()).isEqualTo(Instant.parse("2023-11-14T22:13:20.123Z"));
    }

    @Test
    void fieldOrderDoesNotMatterAndUnknownFieldsAreSkipped() throws IOException {
        Envelope envelope = parse("""
                {"warnings":["partial"],"data":{"stats":{"timings":{"evalTotalTime":0.1}},
                "result":[{"values":[[1,"2"],[2,"3"]],"metric":{"job":"dcgm"}}],"resultType":"matrix"},
                "infos":["PromQL info: ..."],"status":"success"}""");

        QueryResult result = envelope.result().orElseThrow();
        assertThat(result.resultType()).isEqualTo("matrix");
        assertThat(result.series()).singleElement().isEqualTo(new Series(Map.of("job", "dcgm"),
                List.of(new Sample(Instant.ofEpochSecond(1), 2), new Sample(Instant.ofEpochSecond(2), 3))));
        assertThat(result.warnings()).containsExactly("partial");
    }

    @Test
    void nativeHistogramOnlySeriesAreSkipped() throws IOException {
        Envelope envelope = parse("""
                {"status":"success","data":{"resultType":"vector","result":[
                  {"metric":{"le":"x"},"histogram":[1700000000,{"count":"3","sum":"1.5","buckets":[]}]}]}}""");

        assertThat(envelope.result().orElseThrow().series()).isEmpty();
    }

    @Test
    void errorEnvelope() throws IOException {
        Envelope envelope = parse("""
                {"status":"error","errorType":"timeout","error":"query timed out in expression evaluation"}""");

        assertThat(envelope.success()).isFalse();
        assertThat(envelope.errorType()).contains("timeout");
        assertThat(envelope.error()).contains("query timed out in expression evaluation");
        assertThat(envelope.result()).isEmpty();
    }

    @Test
    void truncatedOrMalformedBodiesAreIoErrors() {
        assertThatThrownBy(() -> parse("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[{"))
                .isInstanceOf(IOException.class);
        assertThatThrownBy(() -> parse("<html>502 Bad Gateway</html>")).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> parse("{\"status\":\"success\"}")).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> parse("""
                {"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1,"many"]}]}}"""))
                .isInstanceOf(IOException.class);
    }

    @Test
    void stringResultIsRefusedForGood() {
        assertThatThrownBy(() -> parse("""
                {"status":"success","data":{"resultType":"string","result":[1,"a"]}}"""))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("string");
    }

    private static Envelope parse(String json) throws IOException {
        return QueryResponseParser.parse(json.getBytes(StandardCharsets.UTF_8));
    }
}
