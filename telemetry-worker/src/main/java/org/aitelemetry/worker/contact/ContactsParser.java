package org.aitelemetry.worker.contact;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.aitelemetry.worker.contact.Contact.Role;
import org.aitelemetry.worker.csv.CsvFile;

/**
 * Reads a contacts file: the worker's CSV dialect ({@link CsvFile}) with exactly the columns {@link #COLUMNS} in this
 * order. Every problem is refused with its line, so that an operator can fix the file from the message alone.
 */
public final class ContactsParser {

    static final List<String> COLUMNS = List.of("cluster", "namespace", "role", "email", "name");
    /** A Kubernetes namespace: a DNS label. */
    private static final Pattern NAMESPACE = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");
    private static final int MAX_NAME = 200;
    private static final int MAX_CLUSTER = 253;

    private final String source;

    private ContactsParser(String source) {
        this.source = source;
    }

    /** @throws ContactsException naming the source, the line and the problem */
    public static List<Contact> parse(String source, List<String> lines) {
        return new ContactsParser(source).read(lines);
    }

    private List<Contact> read(List<String> text) {
        List<Contact> contacts = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean header = false;
        for (int number = 1; number <= text.size(); number++) {
            String line = text.get(number - 1).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            List<String> cells = CsvFile.split(line).stream().map(String::strip).toList();
            if (!header) {
                if (!cells.equals(COLUMNS)) {
                    throw new ContactsException(source, number, "the header must be " + String.join(",", COLUMNS)
                            + ", not " + String.join(",", cells));
                }
                header = true;
                continue;
            }
            if (cells.size() != COLUMNS.size()) {
                throw new ContactsException(source, number, "expected " + COLUMNS.size() + " cells, found "
                        + cells.size());
            }
            Contact contact = contact(number, cells);
            Integer earlier = seen.putIfAbsent(contact.clusterName() + "/" + contact.namespace() + " "
                    + contact.role() + " " + contact.email(), number);
            if (earlier != null) {
                throw new ContactsException(source, number, contact.email() + " is " + contact.role() + " of "
                        + contact.clusterName() + "/" + contact.namespace() + " already (line " + earlier + ")");
            }
            contacts.add(contact);
        }
        if (!header) {
            throw new ContactsException(source, 1, "no header row: expected " + String.join(",", COLUMNS));
        }
        return contacts;
    }

    private Contact contact(int line, List<String> cells) {
        String cluster = cells.get(0);
        String namespace = cells.get(1);
        String email = cells.get(3);
        String name = cells.get(4);
        if (cluster.isEmpty() || cluster.length() > MAX_CLUSTER) {
            throw new ContactsException(source, line, "cluster must be 1 to " + MAX_CLUSTER + " characters");
        }
        if (!NAMESPACE.matcher(namespace).matches()) {
            throw new ContactsException(source, line, "namespace '" + namespace + "' is no Kubernetes namespace");
        }
        Role role;
        try {
            role = Role.valueOf(cells.get(2));
        } catch (IllegalArgumentException e) {
            throw new ContactsException(source, line, "role '" + cells.get(2) + "' is neither PI nor MANAGER");
        }
        if (!Contact.isAddress(email)) {
            throw new ContactsException(source, line, "email '" + email + "' is not one address (name@domain)");
        }
        if (name.length() > MAX_NAME || name.chars().anyMatch(Character::isISOControl)) {
            throw new ContactsException(source, line, "name must be at most " + MAX_NAME
                    + " characters without control characters");
        }
        return new Contact(cluster, namespace, role, email.toLowerCase(Locale.ROOT), name);
    }
}
