package org.aitelemetry.worker.csv;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The CSV dialect of the data files the worker ships (the SKU catalogue and baselines, the health rule tables): '#'
 * comment lines and blank lines skipped, a header row, RFC 4180 quoting (sources and advice contain commas). Records
 * are read by column name, so columns may be added without breaking readers. It also writes lines (statements' CSV).
 */
public final class CsvFile {

    /** One data record; {@link #get} fails naming the file and line when the column is missing. */
    public record Record(String resource, int line, Map<String, String> cells) {
        public String get(String column) {
            String value = cells.get(column);
            if (value == null) {
                throw new IllegalArgumentException(resource + " has no column " + column);
            }
            return value;
        }

        public IllegalArgumentException error(String message, Throwable cause) {
            return new IllegalArgumentException(resource + " line " + line + ": " + message, cause);
        }
    }

    private CsvFile() {
    }

    /** The records of a classpath resource. */
    public static List<Record> resource(String resource) {
        return parse(resource, lines(resource));
    }

    /** The lines of a classpath resource. */
    public static List<String> lines(String resource) {
        try (InputStream in = CsvFile.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the classpath");
            }
            return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    public static List<Record> parse(String resource, List<String> lines) {
        List<Record> records = new ArrayList<>();
        List<String> header = null;
        for (int number = 1; number <= lines.size(); number++) {
            String line = lines.get(number - 1).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            List<String> cells = split(line);
            if (header == null) {
                header = cells;
                continue;
            }
            if (cells.size() != header.size()) {
                throw new IllegalArgumentException(resource + " line " + number + ": expected " + header.size()
                        + " columns, found " + cells.size());
            }
            Map<String, String> byName = new HashMap<>();
            for (int i = 0; i < cells.size(); i++) {
                byName.put(header.get(i), cells.get(i));
            }
            records.add(new Record(resource, number, byName));
        }
        return records;
    }

    public static List<String> split(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted && ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                cell.append('"');
                i++;
            } else if (ch == '"') {
                quoted = !quoted;
            } else if (ch == ',' && !quoted) {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(ch);
            }
        }
        cells.add(cell.toString());
        return cells;
    }

    /** One RFC 4180 line, without its CRLF: cells with a comma, quote or line break are quoted, quotes doubled. */
    public static String line(List<String> cells) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i);
            if (i > 0) {
                line.append(',');
            }
            boolean quote = cell.indexOf(',') >= 0 || cell.indexOf('"') >= 0 || cell.indexOf('\n') >= 0
                    || cell.indexOf('\r') >= 0;
            line.append(quote ? '"' + cell.replace("\"", "\"\"") + '"' : cell);
        }
        return line.toString();
    }
}
