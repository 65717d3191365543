package org.aitelemetry.worker.contact;

import static org.aitelemetry.worker.sql.Columns.text;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import java.util.List;

/**
 * Stores a contacts file's rows in {@code project_contact}, replacing what the same file stored before, in one
 * transaction under a lock; returns how many rows it deleted, inserted or changed.
 */
final class ContactStore {

    private final Pool pool;

    ContactStore(Pool pool) {
        this.pool = pool;
    }

    Uni<Integer> replace(String source, List<Contact> contacts) {
        Tuple rows = keys(source, contacts).addArrayOfString(text(contacts, Contact::displayName));
        return pool.withTransaction(connection -> connection.query(ContactSql.LOCK).execute()
                .chain(() -> connection.preparedQuery(ContactSql.DELETE_OTHERS).execute(keys(source, contacts)))
                .map(RowSet::rowCount)
                .chain(deleted -> connection.preparedQuery(ContactSql.UPSERT).execute(rows)
                        .map(upserted -> deleted + upserted.rowCount())));
    }

    private static Tuple keys(String source, List<Contact> contacts) {
        return Tuple.of(source)
                .addArrayOfString(text(contacts, Contact::clusterName))
                .addArrayOfString(text(contacts, Contact::namespace))
                .addArrayOfString(text(contacts, contact -> contact.role().name()))
                .addArrayOfString(text(contacts, Contact::email));
    }
}
