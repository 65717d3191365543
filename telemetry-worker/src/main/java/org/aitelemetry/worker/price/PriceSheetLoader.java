package org.aitelemetry.worker.price;

import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.VertxContextSupport;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.aitelemetry.worker.price.PriceSheetStore.Outcome;
import org.jboss.logging.Logger;

/**
 * The worker's price sheet ({@code telemetry.prices.sheet}): read when the bean is made, so that a sheet that cannot
 * be read or parsed stops the start with its {@link PriceSheetException} message, and stored at start.
 *
 * <p>Rollup rows already written keep the cost they were priced with when a load changes prices: a project's row sums
 * parts priced at several SKUs, so it cannot be re-priced from what is stored, only recomputed from the metric source.
 * The load records the first changed hour ({@code price_sheet.changed_from}) and when ({@code changed_at}): the rollup
 * takes the hours from then on as not done and recomputes them at the new prices while the source still holds them;
 * older rows keep their cost, and whoever reads costs can tell them by those two columns.
 */
@ApplicationScoped
public class PriceSheetLoader {

    private static final Logger LOG = Logger.getLogger(PriceSheetLoader.class);

    private final PriceSheet sheet;
    private final PriceSheetStore store;

    PriceSheetLoader(PriceConfig config, Pool pool) {
        this.sheet = PriceSheetFile.read(config.sheet());
        this.store = new PriceSheetStore(pool);
    }

    /** The prices the rollup uses. */
    public PriceSheet sheet() {
        return sheet;
    }

    void storeAtStart(@Observes @Priority(20) StartupEvent event) throws Throwable {
        Outcome outcome = VertxContextSupport.subscribeAndAwait(() -> store.store(sheet));
        LOG.infof("Price sheet %s: %d prices in %s, %d rows written", sheet.source(), sheet.prices().size(),
                sheet.currency(), outcome.rowsWritten());
        outcome.changedFrom().ifPresent(from -> LOG.warnf("Price sheet %s changes prices from %s on: the %d rollup "
                + "rows at or after it are recomputed at the new prices as far back as each metric source still holds "
                + "its samples; older ones keep their cost (price_sheet.changed_from)", sheet.source(), from,
                outcome.rollupRowsFromChange()));
    }
}
