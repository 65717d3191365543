package org.aitelemetry.worker.price;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.quarkus.runtime.configuration.ConfigurationException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PriceSheetParserTest {

    private static final String HEADER = "currency,effective_from,sku,mig_profile,gpu_hour_price,kwh_price";
    private static final String DEFAULT = "EUR,2026-01-01,*,,2.00,0.15";

    @Test
    void readsPricesWithCommentsQuotesAndColumnsInAnyOrder() {
        PriceSheet sheet = PriceSheetParser.parse("sheet.csv", List.of(
                "# a comment", "",
                "sku,mig_profile,effective_from,currency,kwh_price,gpu_hour_price",
                "*,,2026-01-01,EUR,0.15,2.00",
                "\"NVIDIA H100 80GB HBM3\",,2026-03-15T12:00+01:00,EUR,,4.5",
                "NVIDIA A100-SXM4-80GB,1g.10gb,2026-01-01,EUR,,0.40"));

        assertThat(sheet.currency()).isEqualTo("EUR");
        assertThat(sheet.source()).isEqualTo("sheet.csv");
        assertThat(sheet.prices()).containsExactly(
                new Price("*", "", Instant.parse("2026-01-01T00:00:00Z"), new BigDecimal("2"),
                        new BigDecimal("0.15")),
                new Price("NVIDIA H100 80GB HBM3", "", Instant.parse("2026-03-15T11:00:00Z"), new BigDecimal("4.5"),
                        null),
                new Price("NVIDIA A100-SXM4-80GB", "1g.10gb", Instant.parse("2026-01-01T00:00:00Z"),
                        new BigDecimal("0.4"), null));
    }

    /** Each sheet (rows joined by '|') is refused with the problem on the line that has it. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = ';', textBlock = """
            empty file;                       ;                                                          1; no header row
            only comments;                    # prices;                                                  1; no header row
            header lacks a column;            currency,effective_from,sku,gpu_hour_price,kwh_price|x;    1; the header must name the columns
            header has an unknown column;     HEADER,note|EUR,2026-01-01,*,,2,0.1,x;                      1; the header must name the columns
            no default;                       HEADER|EUR,2026-01-01,NVIDIA H200,,5,;                     1; no default price: add a row with sku *
            cells missing;                    HEADER|DEFAULT|EUR,2026-01-01,NVIDIA H200,,5;              3; expected 6 cells, found 5
            lower-case currency;              HEADER|eur,2026-01-01,*,,2,0.1;                            2; currency 'eur' is neither an ISO 4217 code
            empty currency;                   HEADER|,2026-01-01,*,,2,0.1;                               2; currency '' is neither
            a second currency;                HEADER|DEFAULT|USD,2026-01-01,NVIDIA H200,,5,;             3; currency USD differs from EUR (line 2): one currency per sheet
            date not a date;                  HEADER|EUR,2026-13-01,*,,2,0.1;                            2; effective_from '2026-13-01' is neither a date
            time without offset;              HEADER|EUR,2026-03-01T12:00,*,,2,0.1;                      2; effective_from '2026-03-01T12:00' is neither a date
            time off the hour;                HEADER|EUR,2026-03-01T12:30Z,*,,2,0.1;                     2; effective_from 2026-03-01T12:30Z is not on the hour
            offset off the hour;              HEADER|EUR,2026-03-01T12:00+05:30,*,,2,0.1;                2; is not on the hour: prices change per hour
            empty sku;                        HEADER|DEFAULT|EUR,2026-01-01,,,5,;                        3; sku is empty
            default with a profile;           HEADER|EUR,2026-01-01,*,1g.10gb,2,;                        2; the default (sku *) takes no mig_profile
            profile that is none;             HEADER|DEFAULT|EUR,2026-01-01,NVIDIA H100 80GB HBM3,big,1,;  3; mig_profile big is no MIG profile of NVIDIA H100 80GB HBM3
            profile larger than the GPU;      HEADER|DEFAULT|EUR,2026-01-01,NVIDIA A30,7g.24gb,1,;       3; mig_profile 7g.24gb is no MIG profile of NVIDIA A30
            profile with a kWh price;         HEADER|DEFAULT|EUR,2026-01-01,NVIDIA H200,1g.18gb,1,0.2;   3; a MIG profile takes no kwh_price
            default without kWh price;        HEADER|EUR,2026-01-01,*,,2,;                               2; kwh_price is empty
            empty GPU-hour price;             HEADER|DEFAULT|EUR,2026-01-01,NVIDIA H200,,,;              3; gpu_hour_price is empty
            price not a number;               HEADER|DEFAULT|EUR,2026-01-01,NVIDIA H200,,five,;          3; gpu_hour_price 'five' is not a number
            price with a comma;               HEADER|DEFAULT|EUR,2026-01-01,NVIDIA H200,,"5,00",;        3; gpu_hour_price '5,00' is not a number
            negative price;                   HEADER|DEFAULT|EUR,2026-01-01,NVIDIA H200,,-1,;            3; gpu_hour_price -1 is negative
            negative kWh price;               HEADER|DEFAULT|EUR,2026-01-01,NVIDIA H200,,1,-0.1;         3; kwh_price -0.1 is negative
            too many decimals;                HEADER|DEFAULT|EUR,2026-01-01,NVIDIA H200,,1.0000001,;     3; gpu_hour_price 1.0000001 does not fit
            too large;                        HEADER|DEFAULT|EUR,2026-01-01,NVIDIA H200,,123456789,;     3; gpu_hour_price 123456789 does not fit
            two prices at one hour;           HEADER|DEFAULT|EUR,2026-01-01T00:00Z,*,,3,0.1;              3; a second price of * from 2026-01-01T00:00:00Z (the first is on line 2)
            """)
    void refusesWithFileLineAndProblem(String rule, String rows, int line, String problem) {
        List<String> lines = rows == null ? List.of()
                : List.of(rows.replace("HEADER", HEADER).replace("DEFAULT", DEFAULT)
                        .split("\\|", -1));

        PriceSheetException refused = catchThrowableOfType(PriceSheetException.class,
                () -> PriceSheetParser.parse("/etc/prices.csv", lines));

        assertThat(refused).as(rule).isNotNull();
        assertThat(refused.getMessage()).as(rule).startsWith("Price sheet /etc/prices.csv line " + line + ": ")
                .contains(problem);
    }

    @Test
    void aRefusalIsAConfigurationErrorWithoutCauseSoQuarkusPrintsOnlyTheMessage() {
        PriceSheetException refused = catchThrowableOfType(PriceSheetException.class,
                () -> PriceSheetParser.parse("prices.csv", List.of(HEADER, "EUR,2026-01-01,*,,x,0.1")));

        assertThat(refused).isInstanceOf(ConfigurationException.class).hasNoCause();
    }
}
