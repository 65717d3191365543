package org.aitelemetry.devkit.fleet;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A strict reader of text exposition format 0.0.4: every line must be a HELP, a TYPE or a sample; every sample's family
 * must have been declared with both first; no family is declared twice and no series appears twice.
 */
final class ExpositionParser {

    private static final String NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
    private static final Pattern HELP = Pattern.compile("# HELP (" + NAME + ") (.+)");
    private static final Pattern TYPE = Pattern.compile("# TYPE (" + NAME + ") (counter|gauge|histogram|summary|untyped)");
    private static final Pattern SAMPLE = Pattern.compile("(" + NAME + ")\\{(.*)} (\\S+)");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    record Sample(String name, Map<String, String> labels, double value) {
    }

    private ExpositionParser() {
    }

    static List<Sample> parse(String text) {
        if (!text.endsWith("\n")) {
            throw new AssertionError("exposition must end with a newline");
        }
        Map<String, String> types = new HashMap<>();
        Set<String> helped = new HashSet<>();
        Set<String> series = new HashSet<>();
        List<Sample> samples = new ArrayList<>();
        String[] lines = text.split("\n");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            Matcher help = HELP.matcher(line);
            Matcher type = TYPE.matcher(line);
            Matcher sample = SAMPLE.matcher(line);
            if (help.matches()) {
                check(helped.add(help.group(1)), i, "second HELP for " + help.group(1));
            } else if (type.matches()) {
                check(helped.contains(type.group(1)), i, "TYPE before HELP");
                check(types.put(type.group(1), type.group(2)) == null, i, "second TYPE for " + type.group(1));
            } else if (sample.matches()) {
                String family = family(sample.group(1), types);
                check(types.containsKey(family) && helped.contains(family), i, "undeclared family " + family);
                check(series.add(sample.group(1) + "{" + sample.group(2) + "}"), i, "duplicate series");
                samples.add(new Sample(sample.group(1), labels(sample.group(2), i), Double.parseDouble(sample.group(3))));
            } else {
                throw new AssertionError("line " + (i + 1) + " is neither comment nor sample: " + line);
            }
        }
        return samples;
    }

    private static String family(String sampleName, Map<String, String> types) {
        for (String suffix : List.of("_bucket", "_sum", "_count")) {
            String base = sampleName.endsWith(suffix) ? sampleName.substring(0, sampleName.length() - suffix.length()) : null;
            if (base != null && "histogram".equals(types.get(base))) {
                return base;
            }
        }
        return sampleName;
    }

    private static Map<String, String> labels(String text, int line) {
        Map<String, String> labels = new LinkedHashMap<>();
        for (String pair : text.split(",(?=[a-zA-Z_][a-zA-Z0-9_]*=\")")) {
            Matcher label = LABEL.matcher(pair);
            check(label.matches(), line, "bad label " + pair);
            check(labels.put(label.group(1), label.group(2)) == null, line, "label twice: " + label.group(1));
        }
        return labels;
    }

    private static void check(boolean condition, int line, String problem) {
        if (!condition) {
            throw new AssertionError("line " + (line + 1) + ": " + problem);
        }
    }
}
