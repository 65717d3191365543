package org.aitelemetry.worker.price;

import java.math.BigDecimal;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.aitelemetry.prometheus.dcgm.MigShare;
import org.aitelemetry.worker.csv.CsvFile;

/**
 * Reads a price sheet: the worker's CSV dialect ({@link CsvFile}: '#' comments, a header row, RFC 4180 quoting) with
 * the columns {@link #COLUMNS} in any order. Every problem is refused with its line, so that an operator can fix the
 * file from the message alone.
 */
public final class PriceSheetParser {

    static final List<String> COLUMNS =
            List.of("currency", "effective_from", "sku", "mig_profile", "gpu_hour_price", "kwh_price");
    /** ISO 4217 codes (EUR), or a unit such as NERC's service units (SU). */
    private static final Pattern CURRENCY = Pattern.compile("[A-Z]{2,8}");

    private final String source;
    private String currency;
    private int currencyLine;
    private final List<Price> prices = new ArrayList<>();
    private final Map<Price.PriceKey, Map<Instant, Integer>> lines = new HashMap<>();

    private PriceSheetParser(String source) {
        this.source = source;
    }

    /** @throws PriceSheetException naming the source, the line and the problem */
    public static PriceSheet parse(String source, List<String> lines) {
        return new PriceSheetParser(source).read(lines);
    }

    private PriceSheet read(List<String> text) {
        List<String> header = null;
        int headerLine = 1;
        for (int number = 1; number <= text.size(); number++) {
            String line = text.get(number - 1).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            List<String> cells = CsvFile.split(line).stream().map(String::strip).toList();
            if (header == null) {
                if (cells.size() != COLUMNS.size() || !new HashSet<>(cells).containsAll(COLUMNS)) {
                    throw new PriceSheetException(source, number, "the header must name the columns "
                            + String.join(",", COLUMNS) + " (in any order), not " + String.join(",", cells));
                }
                header = cells;
                headerLine = number;
            } else if (cells.size() != header.size()) {
                throw new PriceSheetException(source, number, "expected " + header.size() + " cells, found "
                        + cells.size());
            } else {
                Map<String, String> row = new HashMap<>();
                for (int i = 0; i < cells.size(); i++) {
                    row.put(header.get(i), cells.get(i));
                }
                add(number, row);
            }
        }
        if (header == null) {
            throw new PriceSheetException(source, headerLine, "no header row: expected " + String.join(",", COLUMNS));
        }
        if (prices.stream().noneMatch(price -> price.sku().equals(PriceSheet.DEFAULT_SKU))) {
            throw new PriceSheetException(source, headerLine, "no default price: add a row with sku "
                    + PriceSheet.DEFAULT_SKU + " (its prices apply to SKUs without their own)");
        }
        return new PriceSheet(source, currency, prices);
    }

    private void add(int line, Map<String, String> row) {
        readCurrency(line, row.get("currency"));
        String sku = row.get("sku");
        String profile = row.get("mig_profile");
        boolean isDefault = sku.equals(PriceSheet.DEFAULT_SKU);
        if (sku.isEmpty()) {
            throw new PriceSheetException(source, line, "sku is empty: name a modelName as dcgm-exporter reports it, "
                    + "or * for the default");
        }
        if (!profile.isEmpty() && isDefault) {
            throw new PriceSheetException(source, line, "the default (sku *) takes no mig_profile");
        }
        if (!profile.isEmpty() && MigShare.of(profile, sku).isEmpty()) {
            throw new PriceSheetException(source, line, "mig_profile " + profile + " is no MIG profile of " + sku
                    + " (expected e.g. 1g.10gb)");
        }
        BigDecimal kwh = price(line, "kwh_price", row.get("kwh_price"), isDefault);
        if (kwh != null && !profile.isEmpty()) {
            throw new PriceSheetException(source, line, "a MIG profile takes no kwh_price: a slice's energy is its "
                    + "share of its GPU's, priced at the GPU's kwh_price");
        }
        Instant from = effectiveFrom(line, row.get("effective_from"));
        Price price = new Price(sku, profile, from, price(line, "gpu_hour_price", row.get("gpu_hour_price"), true),
                kwh);
        Integer earlier = lines.computeIfAbsent(price.key(), key -> new HashMap<>()).putIfAbsent(from, line);
        if (earlier != null) {
            throw new PriceSheetException(source, line, "a second price of " + describe(sku, profile) + " from "
                    + from + " (the first is on line " + earlier + ")");
        }
        prices.add(price);
    }

    private void readCurrency(int line, String value) {
        if (!CURRENCY.matcher(value).matches()) {
            throw new PriceSheetException(source, line, "currency '" + value + "' is neither an ISO 4217 code "
                    + "(EUR) nor a unit of 2 to 8 capital letters (SU)");
        }
        if (currency == null) {
            currency = value;
            currencyLine = line;
        } else if (!currency.equals(value)) {
            throw new PriceSheetException(source, line, "currency " + value + " differs from " + currency
                    + " (line " + currencyLine + "): one currency per sheet");
        }
    }

    private BigDecimal price(int line, String column, String value, boolean required) {
        if (value.isEmpty()) {
            if (required) {
                throw new PriceSheetException(source, line, column + " is empty");
            }
            return null;
        }
        BigDecimal price;
        try {
            price = new BigDecimal(value);
        } catch (NumberFormatException e) {
            throw new PriceSheetException(source, line, column + " '" + value + "' is not a number");
        }
        if (price.signum() < 0) {
            throw new PriceSheetException(source, line, column + " " + value + " is negative");
        }
        if (price.scale() > 6 || price.precision() - price.scale() > 8) {
            throw new PriceSheetException(source, line, column + " " + value
                    + " does not fit: at most 8 digits before the point and 6 after");
        }
        return price;
    }

    /** A date (that day's 00:00 UTC) or a time on the hour with its offset: prices change per hour. */
    private Instant effectiveFrom(int line, String value) {
        Instant from;
        try {
            from = value.contains("T") ? OffsetDateTime.parse(value).toInstant()
                    : LocalDate.parse(value).atStartOfDay(ZoneOffset.UTC).toInstant();
        } catch (DateTimeException e) {
            throw new PriceSheetException(source, line, "effective_from '" + value + "' is neither a date "
                    + "(2026-03-15, from 00:00 UTC) nor a time with its offset (2026-03-15T12:00Z)");
        }
        if (!from.truncatedTo(ChronoUnit.HOURS).equals(from)) {
            throw new PriceSheetException(source, line, "effective_from " + value
                    + " is not on the hour: prices change per hour");
        }
        return from;
    }

    private static String describe(String sku, String profile) {
        return profile.isEmpty() ? sku : sku + " " + profile;
    }
}
