package org.aitelemetry.worker.session;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;

/**
 * The sessions one drain knows about, by fingerprint and start, and what the drain did to them: the sessions it
 * created, the loaded ones it changed, the transitions in order and the duplicates it counted.
 */
public final class SessionLedger {

    private final Map<String, NavigableMap<Instant, Session>> byFingerprint = new HashMap<>();
    /** Sessions by the newer startsAt they continued as. */
    private final Map<SessionKey, Session> continued = new HashMap<>();
    private final List<Session> created = new ArrayList<>();
    private final Set<Session> changed = new LinkedHashSet<>();
    private final List<Transition> transitions = new ArrayList<>();
    private int duplicates;
    private int lateDuplicates;

    /** Adds a session read from the database. */
    public void load(Session session) {
        sessionsOf(session.fingerprint()).put(session.startsAt(), session);
        if (session.currentStartsAt() != null) {
            continued.put(new SessionKey(session.fingerprint(), session.currentStartsAt()), session);
        }
    }

    public void loadAll(Collection<Session> sessions) {
        sessions.forEach(this::load);
    }

    /** The session of the key: the one that started with it, or the one that continued as it. */
    Session find(SessionKey key) {
        NavigableMap<Instant, Session> sessions = byFingerprint.get(key.fingerprint());
        Session started = sessions == null ? null : sessions.get(key.startsAt());
        return started != null ? started : continued.get(key);
    }

    void continued(Session session, Instant startsAt) {
        session.continueAs(startsAt);
        continued.put(new SessionKey(session.fingerprint(), startsAt), session);
    }

    /** The open or closing session of a fingerprint, if any (there is at most one). */
    Session live(String fingerprint) {
        NavigableMap<Instant, Session> sessions = byFingerprint.get(fingerprint);
        if (sessions == null) {
            return null;
        }
        return sessions.values().stream().filter(Session::isLive).findFirst().orElse(null);
    }

    /** The latest known session of the fingerprint that started before {@code startsAt}. */
    Session previous(String fingerprint, Instant startsAt) {
        NavigableMap<Instant, Session> sessions = byFingerprint.get(fingerprint);
        if (sessions == null) {
            return null;
        }
        Map.Entry<Instant, Session> previous = sessions.lowerEntry(startsAt);
        return previous == null ? null : previous.getValue();
    }

    /** The earliest known session of the fingerprint that started after {@code startsAt}. */
    Session next(String fingerprint, Instant startsAt) {
        NavigableMap<Instant, Session> sessions = byFingerprint.get(fingerprint);
        if (sessions == null) {
            return null;
        }
        Map.Entry<Instant, Session> next = sessions.higherEntry(startsAt);
        return next == null ? null : next.getValue();
    }

    Session create(AlertNotification notification) {
        Session session = Session.opened(notification);
        load(session);
        created.add(session);
        return session;
    }

    void changed(Session session) {
        if (!session.isNew()) {
            changed.add(session);
        }
    }

    void record(Transition.Type type, Session session) {
        changed(session);
        transitions.add(new Transition(type, session));
    }

    void countDuplicate() {
        duplicates++;
    }

    void countLateDuplicate() {
        lateDuplicates++;
    }

    public List<Session> created() {
        return List.copyOf(created);
    }

    public List<Session> changed() {
        return List.copyOf(changed);
    }

    public List<Transition> transitions() {
        return List.copyOf(transitions);
    }

    public int duplicates() {
        return duplicates;
    }

    public int lateDuplicates() {
        return lateDuplicates;
    }

    /** Every session the ledger knows, for invariant checks. */
    public List<Session> all() {
        return byFingerprint.values().stream().flatMap(sessions -> sessions.values().stream()).toList();
    }

    private NavigableMap<Instant, Session> sessionsOf(String fingerprint) {
        return byFingerprint.computeIfAbsent(fingerprint, key -> new TreeMap<>());
    }
}
