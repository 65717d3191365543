package org.aitelemetry.prometheus;

/**
 * Shares the label values an answer repeats (a node's name on each of its GPUs' series, a cluster's on all) without
 * holding every value it has seen: a fixed table of the most recent value per hash slot. A map of all values grew with
 * the answer's unique ones (every GPU's UUID) and took as much of the parse's time as everything else in it (hashing,
 * resizing, lookups); a repeated value now stays shared unless a newer one took its slot, when it is held twice.
 */
final class RecentValues {

    private static final int SLOTS = 4096;

    private final String[] slots = new String[SLOTS];
    /** Each slot's hash, compared first: most values (UUIDs) are new, and the slot's string is then never read. */
    private final int[] hashes = new int[SLOTS];

    /** The copy seen last of an equal value, or this one, which becomes the copy seen last. */
    String share(String value) {
        int hash = value.hashCode();
        int slot = (hash ^ hash >>> 16) & (SLOTS - 1);
        String recent = slots[slot];
        if (hashes[slot] == hash && value.equals(recent)) {
            return recent;
        }
        slots[slot] = value;
        hashes[slot] = hash;
        return value;
    }
}
