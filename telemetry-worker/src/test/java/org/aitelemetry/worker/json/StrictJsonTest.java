package org.aitelemetry.worker.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the ingest endpoints' reader refuses, each with its reason, and what it still takes. The number limits are
 * PostgreSQL 15's, found by casting each figure to {@code jsonb}: {@code 1e131071} and {@code 1e-16383} are stored,
 * one digit more on either side is "value overflows numeric format".
 */
class StrictJsonTest {

    private final StrictJson json = new StrictJson(32);

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            # body                                         | the reason names
            {"a":1,"a":2}                                  | Duplicate field 'a'
            {"a":{"b":1,"c":{"d":1,"d":1}}}                | Duplicate field 'd'
            [{"x":1},{"y":1,"y":"1"}]                      | Duplicate field 'y'
            {"alerts":[{"labels":{"pod":"a","pod":"b"}}]}  | /alerts/0/labels
            {"a":1} {"a":2}                                | content after the JSON value
            {"a":1}x                                       | content after the JSON value
            {"a":1}]                                       | content after the JSON value
            [1]//comment                                   | content after the JSON value
            {"a":1e999999}                                 | number 1e999999 at /a is outside the range
            {"a":-1e999999}                                | outside the range
            {"a":1e-999999}                                | outside the range
            {"a":1e131072}                                 | outside the range
            {"a":100e131070}                               | outside the range
            {"a":1e-16384}                                 | outside the range
            {"a":1.5e-16383}                               | outside the range
            {"a":0e-20000}                                 | outside the range
            {"a":1e9999999999}                             | outside the range
            {"a":[1,2,NaN]}                                | not valid JSON
            {"a":Infinity}                                 | not valid JSON
            {"a":-Infinity}                                | not valid JSON
            {"a":01}                                       | not valid JSON
            {"a":"\\ud800"}                                | unpaired UTF-16 surrogate (\\ud800)
            {"a":"x\\udc00"}                               | unpaired UTF-16 surrogate
            {"a":"\\ude00\\ud83d"}                         | unpaired UTF-16 surrogate
            {"\\ud800":1}                                  | surrogate
            {"a":"\\u0000"}                                | NUL character
            {"a":["ok","b\\u0000c"]}                       | a string at /a/1 contains a NUL character
            {"a\\u0000":1}                                 | a member name at /a
            `{"a":'x'}`                                    | not valid JSON
            {"a":1,}                                       | not valid JSON
            """)
    void refusesWithTheReason(String body, String reason) {
        assertThatThrownBy(() -> json.read(body.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(StrictJsonException.class).hasMessageContaining(reason);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"{\"a\":1e131071}", "{\"a\":1e-16383}", "{\"a\":-0}", "{\"a\":0e999999}", "{\"a\":1E+5}",
        "{\"a\":\"\\ud83d\\ude00 and \\u00e9\"}", "{\"a\":{\"a\":{\"a\":1}}}", "[{\"a\":1},{\"a\":1}]",
        "{\"a\":1}\n \t\r\n", "42", "\"text\"", "{\"a\":12345678901234567890123456789}"})
    void takesWhatPostgresqlStores(String body) {
        assertThat(json.read(body.getBytes(StandardCharsets.UTF_8))).isNotNull();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"", " ", "\n"})
    void refusesAnEmptyBody(String body) {
        assertThatThrownBy(() -> json.read(body.getBytes(StandardCharsets.UTF_8))).hasMessage("empty body");
    }

    @Test
    void refusesInvalidUtf8AndNestingBeyondTheLimit() {
        byte[] invalid = {'{', '"', 'a', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'};
        assertThatThrownBy(() -> json.read(invalid)).hasMessageContaining("not valid JSON");
        byte[] deep = ("[".repeat(40) + "]".repeat(40)).getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> json.read(deep)).hasMessageContaining("nesting depth");
    }
}
