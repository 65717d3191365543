package org.aitelemetry.worker.statement;

import static org.aitelemetry.worker.sql.SqlValues.instant;
import static org.aitelemetry.worker.sql.SqlValues.list;
import static org.aitelemetry.worker.sql.SqlValues.utc;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.aitelemetry.model.statement.StatementSubject;
import org.aitelemetry.worker.contact.Contact.Role;
import org.aitelemetry.worker.contact.Contact;
import org.aitelemetry.worker.mail.MailOutbox;
import org.aitelemetry.worker.mail.OutgoingMail;
import org.aitelemetry.worker.statement.CreditCalculator.Failure;
import org.aitelemetry.worker.statement.CreditCalculator.Session;
import org.aitelemetry.worker.statement.Statement.Subject;

/** Statements' data in PostgreSQL, on the caller's connection and transaction. */
final class StatementStore {

    private static final double SECONDS_PER_HOUR = 3600;
    private static final double JOULES_PER_KWH = 3.6e6;
    /** A project whose row no longer exists: its hours still count. */
    private static final String GONE = "GONE";

    private final SqlConnection connection;

    StatementStore(SqlConnection connection) {
        this.connection = connection;
    }

    /** Takes the statements' lock for the rest of the transaction; false when another replica holds it. */
    Uni<Boolean> tryLock() {
        return connection.query(StatementSql.TRY_LOCK).execute()
                .map(rows -> rows.iterator().next().getBoolean("locked"));
    }

    Uni<Set<Subject>> existing(Period period) {
        return connection.preparedQuery(StatementSql.EXISTING).execute(Tuple.of(period.kind().name(),
                        utc(period.start())))
                .map(rows -> new HashSet<>(list(rows, row -> new Subject(
                        StatementSubject.valueOf(row.getString("subject_kind")), row.getString("subject_key")))));
    }

    /** The active price sheet's currency, or the given one before any sheet was stored. */
    Uni<String> currency(String fallback) {
        return connection.query(StatementSql.CURRENCY).execute()
                .map(rows -> rows.size() == 0 ? fallback : rows.iterator().next().getString("currency"));
    }

    Uni<List<ProjectLine>> lines(Period period, Collection<Long> creditedProjects) {
        return connection.preparedQuery(StatementSql.LINES).execute(Tuple.of(utc(period.start()), utc(period.end()),
                creditedProjects.toArray(Long[]::new))).map(rows -> list(rows, StatementStore::line));
    }

    Uni<List<Failure>> failures(Instant from, Instant to) {
        return connection.preparedQuery(StatementSql.FAILURES).execute(Tuple.of(utc(from), utc(to)))
                .map(rows -> list(rows, row -> new Failure(row.getLong("id"), row.getString("gpu_uuid"),
                        row.getString("node"), instant(row, "failed_at"), row.getString("sku"))));
    }

    Uni<List<Session>> sessions(Collection<String> gpus, Instant from, Instant to) {
        if (gpus.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return connection.preparedQuery(StatementSql.SESSIONS)
                .execute(Tuple.of(gpus.toArray(String[]::new), utc(from), utc(to)))
                .map(rows -> list(rows, row -> new Session(row.getLong("project_id"), row.getString("gpu_uuid"),
                        row.getInteger("gpu_instance_id"), row.getString("mig_profile"), instant(row, "starts_at"),
                        row.getValue("ends_at") == null ? null : instant(row, "ends_at"))));
    }

    Uni<List<IdleNoticeLine>> idleNotices(Period period) {
        return connection.preparedQuery(StatementSql.IDLE_NOTICES)
                .execute(Tuple.of(utc(period.start()), utc(period.end())))
                .map(rows -> list(rows, row -> new IdleNoticeLine(row.getLong("id"), row.getLong("project_id"),
                        row.getString("cluster_name"), row.getString("namespace"), instant(row, "noticed_at"),
                        instant(row, "idle_from"), instant(row, "idle_until"),
                        Arrays.asList(row.getArrayOfStrings("gpus")), row.getDouble("idle_gpu_hours"),
                        money(row, "cost_wasted"), row.getString("currency"))));
    }

    Uni<List<Contact>> contacts() {
        return connection.query(StatementSql.CONTACTS).execute()
                .map(rows -> list(rows, row -> new Contact(row.getString("cluster_name"), row.getString("namespace"),
                        Role.valueOf(row.getString("role")), row.getString("email"),
                        Optional.ofNullable(row.getString("display_name")).orElse(""))));
    }

    /** Stores a rendered statement; empty when the subject has its statement of the period already. */
    Uni<Optional<Long>> insert(Statement statement, String html, String csv) {
        Figures totals = statement.totals();
        Optional<ProjectLine> project = statement.project();
        Tuple values = Tuple.of(statement.subject().kind().name(), statement.subject().key(),
                        statement.period().kind().name(), utc(statement.period().start()),
                        utc(statement.period().end()), project.map(ProjectLine::projectId).orElse(null))
                .addValue(project.map(ProjectLine::clusterName).orElse(null))
                .addValue(project.map(ProjectLine::namespace).orElse(null))
                .addValue(statement.title()).addValue(statement.currency())
                .addValue(totals.allocatedGpuHours()).addValue(totals.usedGpuHours())
                .addValue(totals.idleGpuHours()).addValue(totals.energyKwh())
                .addValue(Figures.money(totals.allocationCost())).addValue(Figures.money(totals.usageCost()))
                .addValue(Figures.money(statement.healthCredit())).addValue(html).addValue(csv);
        return connection.preparedQuery(StatementSql.INSERT).execute(values)
                .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(rows.iterator().next().getLong("id")));
    }

    Uni<Void> enqueue(OutgoingMail mail) {
        return MailOutbox.enqueue(connection, mail).replaceWithVoid();
    }

    private static ProjectLine line(Row row) {
        long projectId = row.getLong("project_id");
        String namespace = row.getString("namespace");
        String state = row.getString("state");
        Figures figures = new Figures(row.getDouble("allocated") / SECONDS_PER_HOUR,
                row.getDouble("used") / SECONDS_PER_HOUR, row.getDouble("idle") / SECONDS_PER_HOUR,
                row.getDouble("unmetered") / SECONDS_PER_HOUR, row.getDouble("energy") / JOULES_PER_KWH,
                money(row, "cost"), money(row, "usage_cost"), money(row, "idle_cost"));
        if (namespace == null) {
            // The project's row is gone (its namespace with it): its statement keeps its id as the name.
            String name = "project-" + projectId;
            return new ProjectLine(projectId, row.getString("cluster_name"), name, name, GONE, null, null, null,
                    figures);
        }
        String title = row.getString("title");
        return new ProjectLine(projectId, row.getString("cluster_name"), namespace,
                title == null || title.isBlank() ? namespace : title, state, row.getString("pi"),
                row.getString("institution"), row.getString("allocation_id"), figures);
    }

    private static BigDecimal money(Row row, String column) {
        return Figures.money(row.getBigDecimal(column));
    }
}
