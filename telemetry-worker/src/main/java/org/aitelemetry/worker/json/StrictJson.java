package org.aitelemetry.worker.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.math.BigDecimal;

/**
 * The one reader of ingest bodies (Alertmanager webhook, gpu-probe runs): exactly one JSON value that PostgreSQL's
 * {@code jsonb} and {@code text} can store as sent. Refused with the reason and where: duplicate member names at any
 * depth (which copy counts would be the reader's guess), content after the value, a NUL character or an unpaired UTF-16
 * surrogate in a string or name, a number outside PostgreSQL's {@code numeric} range, and everything Jackson refuses by
 * default (NaN and Infinity tokens, leading zeros, comments, control characters, invalid UTF-8, nesting beyond the
 * limit). Each check here would otherwise surface as a database error, a 503, and a client retrying forever.
 */
public final class StrictJson {

    /** PostgreSQL {@code numeric}: at most this many digits before the decimal point … */
    private static final int MAX_INTEGER_DIGITS = 131_072;
    /** … and this many after it (its display scale). */
    private static final int MAX_FRACTION_DIGITS = 16_383;
    /** An exponent longer than this is far outside both limits, and would not fit an int. */
    private static final int MAX_EXPONENT_LENGTH = 9;

    private final ObjectMapper json;

    public StrictJson(int maxNesting) {
        this.json = JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
        json.getFactory().setStreamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(maxNesting).build());
    }

    /** @throws StrictJsonException with the reason when the body is not one storable JSON value */
    public JsonNode read(byte[] body) {
        if (body == null || body.length == 0) {
            throw new StrictJsonException("empty body");
        }
        try (JsonParser raw = json.createParser(body); JsonParser parser = new Checked(raw)) {
            JsonNode tree = json.readTree(parser);
            if (tree == null) {
                throw new StrictJsonException("empty body");
            }
            trailing(raw);
            return tree;
        } catch (JsonProcessingException e) {
            throw new StrictJsonException("not valid JSON: " + e.getOriginalMessage() + where(e), e);
        } catch (IOException e) {
            throw new StrictJsonException("unreadable body: " + e.getMessage(), e);
        }
    }

    /**
     * Checks every name, string and number as the tree reader reaches it, so that the body is read once (a checking
     * pass before the tree was a third of the probe ingest's parsing time). A parser's other {@code next*} methods go
     * through {@link #nextToken}.
     */
    private static final class Checked extends JsonParserDelegate {

        Checked(JsonParser parser) {
            super(parser);
        }

        @Override
        public JsonToken nextToken() throws IOException {
            JsonToken token = super.nextToken();
            if (token != null) {
                switch (token) {
                    case FIELD_NAME, VALUE_STRING -> text(this);
                    case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> number(this);
                    default -> {
                    }
                }
            }
            return token;
        }

        @Override
        public JsonToken nextValue() throws IOException {
            JsonToken token = nextToken();
            return token == JsonToken.FIELD_NAME ? nextToken() : token;
        }
    }

    /** Whitespace may follow the value, nothing else: a second value or garbage is refused, never silently dropped. */
    private static void trailing(JsonParser parser) {
        long offset = parser.currentLocation().getByteOffset();
        try {
            if (parser.nextToken() == null) {
                return;
            }
        } catch (IOException e) {
            // unparsable garbage after the value: refused below like a second value
        }
        throw new StrictJsonException("content after the JSON value (from byte " + offset + ")");
    }

    private static void text(JsonParser parser) throws IOException {
        char[] chars = parser.getTextCharacters();
        int end = parser.getTextOffset() + parser.getTextLength();
        for (int i = parser.getTextOffset(); i < end; i++) {
            char c = chars[i];
            if (c == '\0') {
                throw new StrictJsonException(what(parser) + " at " + path(parser) + " contains a NUL character"
                        + " (\\u0000), which PostgreSQL cannot store");
            }
            if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(chars[i + 1])) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new StrictJsonException(what(parser) + " at " + path(parser) + " contains an unpaired UTF-16"
                        + " surrogate (\\u" + Integer.toHexString(c) + "), which is no character");
            }
        }
    }

    private static String what(JsonParser parser) {
        return parser.currentToken() == JsonToken.FIELD_NAME ? "a member name" : "a string";
    }

    /** Checked on the number's text, so that {@code 1e999999} is refused before anything turns it into Infinity. */
    private static void number(JsonParser parser) throws IOException {
        String text = parser.getText();
        int exponentAt = Math.max(text.indexOf('e'), text.indexOf('E'));
        if (!(exponentAt < 0 ? storablePlain(text) : storableScientific(text, exponentAt))) {
            throw new StrictJsonException("the number " + abbreviated(text) + " at " + path(parser) + " is outside the"
                    + " range PostgreSQL can store (" + MAX_INTEGER_DIGITS + " digits before the decimal point, "
                    + MAX_FRACTION_DIGITS + " after)");
        }
    }

    /** Without an exponent the digits are counted (JSON has no leading zeros): the common case, without a BigDecimal. */
    private static boolean storablePlain(String text) {
        int point = text.indexOf('.');
        int integerDigits = (point < 0 ? text.length() : point) - (text.startsWith("-") ? 1 : 0);
        int fractionDigits = point < 0 ? 0 : text.length() - point - 1;
        return integerDigits <= MAX_INTEGER_DIGITS && fractionDigits <= MAX_FRACTION_DIGITS;
    }

    private static boolean storableScientific(String text, int exponentAt) {
        int exponentDigitsFrom = exponentAt + 1;
        char sign = exponentDigitsFrom < text.length() ? text.charAt(exponentDigitsFrom) : ' ';
        if (sign == '+' || sign == '-') {
            exponentDigitsFrom++;
        }
        if (text.length() - exponentDigitsFrom > MAX_EXPONENT_LENGTH) {
            return false;
        }
        BigDecimal number = new BigDecimal(text);
        boolean integerDigitsFit = number.signum() == 0 || number.precision() - number.scale() <= MAX_INTEGER_DIGITS;
        return integerDigitsFit && number.scale() <= MAX_FRACTION_DIGITS;
    }

    private static String abbreviated(String text) {
        return text.length() <= 40 ? text : text.substring(0, 20) + "…" + text.substring(text.length() - 12);
    }

    /** JSON Pointer of the token the parser stands on ({@code /} for the root). */
    private static String path(JsonParser parser) {
        String pointer = parser.getParsingContext().pathAsPointer().toString();
        return pointer.isEmpty() ? "/" : pointer;
    }

    private static String where(JsonProcessingException e) {
        return e.getProcessor() instanceof JsonParser parser ? " (at " + path(parser) + ")" : "";
    }
}
