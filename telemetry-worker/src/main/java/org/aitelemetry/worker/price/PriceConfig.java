package org.aitelemetry.worker.price;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Where the worker's prices come from: {@code telemetry.prices.*}. */
@ConfigMapping(prefix = "telemetry.prices")
public interface PriceConfig {

    /** The price sheet: a file path, or {@code classpath:<resource>} for a sheet shipped in the worker. */
    @WithDefault(PriceSheetFile.CLASSPATH + "prices/default.csv")
    String sheet();
}
