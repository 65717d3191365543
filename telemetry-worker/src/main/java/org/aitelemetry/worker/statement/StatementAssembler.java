package org.aitelemetry.worker.statement;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.aitelemetry.model.statement.StatementSubject;
import org.aitelemetry.worker.contact.Contact.Role;
import org.aitelemetry.worker.contact.Contact;
import org.aitelemetry.worker.statement.Statement.Subject;

/**
 * Makes a period's statements from its project lines, credits, idle-GPU notices and contacts, without I/O: one per
 * project, one per manager (the projects they are PI or manager of), and one of the fleet.
 */
final class StatementAssembler {

    static final String FLEET_KEY = "fleet";
    private static final Comparator<ProjectLine> LINE_ORDER =
            Comparator.comparing(ProjectLine::clusterName).thenComparing(ProjectLine::namespace);

    private final List<String> fleetRecipients;

    StatementAssembler(List<String> fleetRecipients) {
        this.fleetRecipients = fleetRecipients;
    }

    List<Statement> assemble(Period period, String currency, List<ProjectLine> projectLines,
            List<HealthCredit> credits, List<IdleNoticeLine> notices, List<Contact> contacts) {
        List<ProjectLine> lines = projectLines.stream().sorted(LINE_ORDER).toList();
        Map<String, List<Contact>> contactsByProject = contacts.stream()
                .collect(Collectors.groupingBy(contact -> contact.clusterName() + "/" + contact.namespace()));
        List<Statement> statements = new ArrayList<>();
        for (ProjectLine line : lines) {
            List<String> recipients = contactsByProject.getOrDefault(line.key(), List.of()).stream()
                    .map(Contact::email).distinct().sorted().toList();
            statements.add(new Statement(new Subject(StatementSubject.PROJECT, line.key()), period, line.title(),
                    currency, Optional.of(line), List.of(line), creditsOf(List.of(line), credits),
                    noticesOf(List.of(line), Set.of(), notices), recipients));
        }
        managers(contacts).forEach((email, name) -> {
            Set<String> projects = contacts.stream().filter(contact -> contact.email().equals(email))
                    .map(contact -> contact.clusterName() + "/" + contact.namespace()).collect(Collectors.toSet());
            List<ProjectLine> theirs = lines.stream().filter(line -> projects.contains(line.key())).toList();
            statements.add(new Statement(new Subject(StatementSubject.MANAGER, email), period, "Projects of " + name,
                    currency, Optional.empty(), theirs, creditsOf(theirs, credits),
                    noticesOf(theirs, projects, notices), List.of(email)));
        });
        statements.add(new Statement(new Subject(StatementSubject.FLEET, FLEET_KEY), period, "GPU fleet", currency,
                Optional.empty(), lines, creditsOf(lines, credits), notices, fleetRecipients));
        return statements;
    }

    /** Each manager's address with the name to greet them by (their address where the file names none). */
    private static Map<String, String> managers(List<Contact> contacts) {
        Map<String, String> managers = new TreeMap<>();
        Set<String> managerEmails = contacts.stream().filter(contact -> contact.role() == Role.MANAGER)
                .map(Contact::email).collect(Collectors.toCollection(TreeSet::new));
        for (String email : managerEmails) {
            managers.put(email, contacts.stream().filter(contact -> contact.email().equals(email))
                    .map(Contact::displayName).filter(name -> name != null && !name.isBlank()).findFirst()
                    .orElse(email));
        }
        return managers;
    }

    /**
     * The notices of these lines' projects, or of these project keys (a manager's projects by the contacts file, which
     * outlive a deleted project's row), in the order read: oldest first.
     */
    private static List<IdleNoticeLine> noticesOf(List<ProjectLine> lines, Set<String> keys,
            List<IdleNoticeLine> notices) {
        return notices.stream()
                .filter(notice -> keys.contains(notice.key()) || lines.stream().anyMatch(notice::isOf)).toList();
    }

    private static List<HealthCredit> creditsOf(List<ProjectLine> lines, List<HealthCredit> credits) {
        Set<Long> projects = lines.stream().map(ProjectLine::projectId).collect(Collectors.toSet());
        return credits.stream().filter(credit -> projects.contains(credit.projectId()))
                .sorted(Comparator.comparing(HealthCredit::failedAt).thenComparing(HealthCredit::projectId))
                .toList();
    }
}
