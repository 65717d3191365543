package org.aitelemetry.prometheus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.aitelemetry.prometheus.ResponseStreamParser.Envelope;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ResponseStreamParserTest {

    /** An envelope and the series its sink received. */
    private record Parsed(Envelope envelope, List<Series> series) {
    }

    /** The answer arrives in chunks of any size, cut anywhere: inside a number, a string, a field name. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 7, 64, 100_000})
    void vectorWithSpecialValues(int chunkSize) throws IOException {
        Parsed parsed = parse(chunkSize, """
                {"status":"success","data":{"resultType":"vector","result":[
                  {"metric":{"gpu":"0"},"value":[1700000000.123,"1.5"]},
                  {"metric":{"gpu":"1"},"value":[1700000000,"-Inf"]},
                  {"metric":{"gpu":"2"},"value":[1700000000,"1e+06"]}]}}""");

        assertThat(parsed.envelope().success()).isTrue();
        assertThat(parsed.envelope().seriesCount()).isEqualTo(3);
        assertThat(parsed.series()).extracting(series -> series.last().value())
                .containsExactly(1.5, Double.NEGATIVE_INFINITY, 1_000_000.0);
        assertThat(parsed.series()).extracting(series -> series.label("gpu").orElseThrow())
                .containsExactly("0", "1", "2");
        assertThat(parsed.series().get(0).last().time()).isEqualTo(Instant.parse("2023-11-14T22:13:20.123Z"));
    }

    @Test
    void fieldOrderDoesNotMatterAndUnknownFieldsAreSkipped() throws IOException {
        Parsed parsed = parse("""
                {"warnings":["partial"],"data":{"stats":{"timings":{"evalTotalTime":0.1}},
                "result":[{"values":[[1,"2"],[2,"3"]],"metric":{"job":"dcgm"}}],"resultType":"matrix"},
                "infos":["PromQL info: ..."],"status":"success"}""");

        assertThat(parsed.envelope().resultType()).isEqualTo("matrix");
        assertThat(parsed.series()).singleElement().isEqualTo(new Series(Map.of("job", "dcgm"),
                List.of(new Sample(Instant.ofEpochSecond(1), 2), new Sample(Instant.ofEpochSecond(2), 3))));
        assertThat(parsed.envelope().warnings()).containsExactly("partial");
    }

    @Test
    void nativeHistogramOnlySeriesAreSkipped() throws IOException {
        Parsed parsed = parse("""
                {"status":"success","data":{"resultType":"vector","result":[
                  {"metric":{"le":"x"},"histogram":[1700000000,{"count":"3","sum":"1.5","buckets":[]}]}]}}""");

        assertThat(parsed.series()).isEmpty();
        assertThat(parsed.envelope().success()).isTrue();
    }

    @Test
    void errorEnvelope() throws IOException {
        Envelope envelope = parse("""
                {"status":"error","errorType":"timeout","error":"query timed out in expression evaluation"}""").envelope();

        assertThat(envelope.success()).isFalse();
        assertThat(envelope.errorType()).contains("timeout");
        assertThat(envelope.error()).contains("query timed out in expression evaluation");
        assertThat(envelope.resultType()).isNull();
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

    @Test
    void aScalarIsOneSeriesWithoutLabels() throws IOException {
        Parsed parsed = parse("""
                {"status":"success","data":{"resultType":"scalar","result":[1700000000.5,"42"]}}""");

        assertThat(parsed.series()).singleElement()
                .isEqualTo(new Series(Map.of(), List.of(new Sample(Instant.ofEpochMilli(1_700_000_000_500L), 42))));
    }

    /** Each series reaches the sink as soon as its closing brace arrives, long before the body ends. */
    @Test
    void seriesReachTheSinkWhileTheBodyIsStillArriving() throws IOException {
        List<Series> received = new ArrayList<>();
        ResponseStreamParser parser = new ResponseStreamParser(received::add);

        parser.feed(bytes("""
                {"status":"success","data":{"resultType":"vector","result":[
                  {"metric":{"Hostname":"node-1","UUID":"GPU-a"},"value":[1,"1"]},"""));
        assertThat(received).extracting(series -> series.label("UUID").orElseThrow()).containsExactly("GPU-a");
        parser.feed(bytes("""
                  {"metric":{"Hostname":"node-1","UUID":"GPU-b"},"value":[1,"2"]}]}}"""));
        assertThat(parser.finish().seriesCount()).isEqualTo(2);

        // A node's name repeats on each of its GPUs' series; the answer holds it once.
        assertThat(received.get(1).label("Hostname").orElseThrow())
                .isSameAs(received.get(0).label("Hostname").orElseThrow());
    }

    /** Not a parse error, which the client would retry: the same body would fail the same way. */
    @Test
    void aSampleTimeBeyondTheClockFailsForGood() {
        assertThatThrownBy(() -> parse("""
                {"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1e30,"1"]}]}}"""))
                .isInstanceOf(NumberFormatException.class);
    }

    @Test
    void labelValuesMustBeStrings() {
        assertThatThrownBy(() -> parse("""
                {"status":"success","data":{"resultType":"vector","result":[{"metric":{"gpu":0},"value":[1,"1"]}]}}"""))
                .isInstanceOf(IOException.class);
    }

    private static Parsed parse(String json) throws IOException {
        return parse(Integer.MAX_VALUE, json);
    }

    private static Parsed parse(int chunkSize, String json) throws IOException {
        List<Series> series = new ArrayList<>();
        ResponseStreamParser parser = new ResponseStreamParser(series::add);
        byte[] body = bytes(json);
        for (int from = 0; from < body.length; from += chunkSize) {
            parser.feed(Arrays.copyOfRange(body, from, (int) Math.min(body.length, (long) from + chunkSize)));
        }
        return new Parsed(parser.finish(), series);
    }

    private static byte[] bytes(String json) {
        return json.getBytes(StandardCharsets.UTF_8);
    }
}
