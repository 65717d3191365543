package org.aitelemetry.images.containerfile;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One instruction of a Containerfile: its keyword (upper case), its arguments as written, its first line. */
public record Instruction(String keyword, String arguments, int line) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The exec form of ENTRYPOINT and CMD, a JSON array of strings; the shell form is refused. */
    public List<String> execForm() {
        try {
            JsonNode array = JSON.readTree(arguments);
            if (array == null || !array.isArray()) {
                throw invalid("the exec form, a JSON array, is required");
            }
            List<String> words = new ArrayList<>();
            array.forEach(word -> words.add(word.asText()));
            return words;
        } catch (JsonProcessingException e) {
            throw invalid("the exec form, a JSON array, is required");
        }
    }

    /** LABEL and ENV pairs: {@code key=value} or {@code key="quoted value"}, several per instruction. */
    public Map<String, String> pairs() {
        Map<String, String> pairs = new LinkedHashMap<>();
        for (String word : words()) {
            int equals = word.indexOf('=');
            if (equals <= 0) {
                throw invalid("expected key=value, got '" + word + "'");
            }
            pairs.put(word.substring(0, equals), word.substring(equals + 1));
        }
        return pairs;
    }

    /** The arguments split at blanks outside double quotes, the quotes removed ({@code \"} keeps one). */
    public List<String> words() {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean quoted = false;
        boolean started = false;
        for (int i = 0; i < arguments.length(); i++) {
            char c = arguments.charAt(i);
            if (c == '\\' && quoted && i + 1 < arguments.length()) {
                word.append(arguments.charAt(++i));
            } else if (c == '"') {
                quoted = !quoted;
                started = true;
            } else if (Character.isWhitespace(c) && !quoted) {
                if (started) {
                    words.add(word.toString());
                    word.setLength(0);
                    started = false;
                }
            } else {
                word.append(c);
                started = true;
            }
        }
        if (quoted) {
            throw invalid("unterminated quote");
        }
        if (started) {
            words.add(word.toString());
        }
        return words;
    }

    public IllegalArgumentException invalid(String reason) {
        return new IllegalArgumentException("line " + line + ", " + keyword + ": " + reason);
    }
}
