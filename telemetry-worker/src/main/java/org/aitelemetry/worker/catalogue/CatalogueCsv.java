package org.aitelemetry.worker.catalogue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The CSV dialect of the shipped catalogue files: '#' comment lines and blank lines skipped, a header row, RFC 4180
 * quoting (sources contain commas). Records are read by column name, so columns may be added without breaking readers.
 */
final class CatalogueCsv {

    /** One data record; {@link #get} fails naming the file and line when the column is missing. */
    record Record(String resource, int line, Map<String, String> cells) {
        String get(String column) {
            String value = cells.get(column);
            if (value == null) {
                throw new IllegalArgumentException(resource + " has no column " + column);
            }
            return value;
        }

        IllegalArgumentException error(String message, Throwable cause) {
            return new IllegalArgumentException(resource + " line " + line + ": " + message, cause);
        }
    }

    private CatalogueCsv() {
    }

    static List<Record> parse(String resource, List<String> lines) {
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

    static List<String> split(String line) {
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
