package org.aitelemetry.site.api;

import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.ClosedConnectionException;
import java.net.ConnectException;
import java.util.concurrent.TimeoutException;

/** Tells faults a retry can cure (the database down, restarting or overloaded) from the rest. */
final class DatabaseFaults {

    private DatabaseFaults() {
    }

    static boolean isTransient(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectException || cause instanceof ClosedConnectionException
                    || cause instanceof TimeoutException) {
                return true;
            }
            // Class 08: connection exception; 57P: operator intervention (shutdown, restart); 53: resources.
            if (cause instanceof PgException pg && pg.getSqlState() != null
                    && (pg.getSqlState().startsWith("08") || pg.getSqlState().startsWith("57P")
                    || pg.getSqlState().startsWith("53"))) {
                return true;
            }
        }
        return false;
    }
}
