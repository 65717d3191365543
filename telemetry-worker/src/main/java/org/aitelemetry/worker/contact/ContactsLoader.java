package org.aitelemetry.worker.contact;

import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.VertxContextSupport;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import org.aitelemetry.worker.csv.ConfiguredFile;
import org.jboss.logging.Logger;

/**
 * The contacts file ({@code telemetry.reports.contacts}): read when the bean is made, so that a file that cannot be
 * read or parsed stops the start with its {@link ContactsException} message, and stored at start. The statements read
 * contacts from the table, so that a change reaches the next statements without their knowing the file.
 */
@ApplicationScoped
public class ContactsLoader {

    private static final Logger LOG = Logger.getLogger(ContactsLoader.class);

    private final String location;
    private final List<Contact> contacts;
    private final ContactStore store;

    ContactsLoader(ContactsConfig config, Pool pool) {
        this.location = config.contacts();
        this.contacts = read(location);
        this.store = new ContactStore(pool);
    }

    /** @throws ContactsException naming the location, and the line where the content is at fault */
    public static List<Contact> read(String location) {
        if (location.equals(ContactsConfig.NONE)) {
            return List.of();
        }
        try {
            return ContactsParser.parse(location, ConfiguredFile.lines(location));
        } catch (ConfiguredFile.UnreadableException e) {
            throw new ContactsException(location, e.getMessage());
        }
    }

    void storeAtStart(@Observes @Priority(20) StartupEvent event) throws Throwable {
        if (location.equals(ContactsConfig.NONE)) {
            LOG.info("Contacts: none configured (telemetry.reports.contacts); statements are mailed to nobody but "
                    + "the fleet's recipients");
            return;
        }
        int written = VertxContextSupport.subscribeAndAwait(() -> store.replace(location, contacts));
        LOG.infof("Contacts file %s: %d contacts, %d rows written", location, contacts.size(), written);
    }
}
