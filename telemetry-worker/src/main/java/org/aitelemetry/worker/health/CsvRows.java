package org.aitelemetry.worker.health;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The health rule tables shipped as CSV resources: a header row, {@code #} comments, RFC 4180 quoting. */
final class CsvRows {

    private CsvRows() {
    }

    /** Each row as a map from column name to cell; a row whose width differs from the header's is an error. */
    static List<Map<String, String>> read(String resource) {
        InputStream in = CsvRows.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalStateException("resource " + resource + " is missing from the worker");
        }
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            List<String> header = null;
            List<Map<String, String>> rows = new ArrayList<>();
            String line;
            int number = 0;
            while ((line = reader.readLine()) != null) {
                number++;
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                List<String> cells = cells(line);
                if (header == null) {
                    header = cells;
                    continue;
                }
                if (cells.size() != header.size()) {
                    throw new IllegalStateException(resource + " line " + number + " has " + cells.size()
                            + " cells, the header " + header.size());
                }
                Map<String, String> row = new LinkedHashMap<>();
                for (int i = 0; i < cells.size(); i++) {
                    row.put(header.get(i), cells.get(i));
                }
                rows.add(row);
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    static List<String> cells(String line) {
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
}
