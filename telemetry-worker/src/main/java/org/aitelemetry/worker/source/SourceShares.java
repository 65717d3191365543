package org.aitelemetry.worker.source;

import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Deals sources among replicas: every replica that sees the same replicas and sources deals the same way, without
 * talking to the others. Rendezvous hashing (each source goes to the replica that scores highest for it) keeps most
 * sources where they were when a replica comes or goes; bounded loads (a source whose favourite has its fair share
 * already goes to its next) keep the shares within one of each other, so 6 sources on 3 replicas are 2 each, where
 * plain rendezvous would leave a replica idle about one time in four.
 */
public final class SourceShares {

    private SourceShares() {
    }

    /** Each source's replica, by source name. */
    public static Map<String, String> owners(List<String> sources, List<String> replicas) {
        if (replicas.isEmpty()) {
            throw new IllegalArgumentException("no replica to deal the sources to");
        }
        Loads loads = new Loads(sources.size(), replicas.size());
        Map<String, String> owners = new HashMap<>();
        for (String source : sources.stream().sorted().toList()) {
            String owner = replicas.stream().filter(loads::hasRoom)
                    .max(Comparator.comparingLong((String replica) -> score(replica, source))
                            .thenComparing(Comparator.reverseOrder()))
                    .orElseThrow();
            loads.add(owner);
            owners.put(source, owner);
        }
        return owners;
    }

    /** Shares of {@code sources / replicas}, the first {@code sources % replicas} replicas to fill up one more. */
    private static final class Loads {

        private final int floor;
        private final int larger;
        private final Map<String, Integer> taken = new HashMap<>();
        private int atLarger;

        Loads(int sources, int replicas) {
            this.floor = sources / replicas;
            this.larger = sources % replicas;
        }

        boolean hasRoom(String replica) {
            int load = taken.getOrDefault(replica, 0);
            return load < floor || load == floor && atLarger < larger;
        }

        void add(String replica) {
            if (taken.merge(replica, 1, Integer::sum) == floor + 1) {
                atLarger++;
            }
        }
    }

    /** FNV-1a over both names, then SplitMix64's finaliser so that similar names score unalike. */
    private static long score(String replica, String source) {
        long hash = 0xcbf29ce484222325L;
        for (byte b : (replica + '\n' + source).getBytes(StandardCharsets.UTF_8)) {
            hash = (hash ^ (b & 0xff)) * 0x100000001b3L;
        }
        hash = (hash ^ (hash >>> 30)) * 0xbf58476d1ce4e5b9L;
        hash = (hash ^ (hash >>> 27)) * 0x94d049bb133111ebL;
        return hash ^ (hash >>> 31);
    }
}
