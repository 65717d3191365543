package org.aitelemetry.worker.contact;

/**
 * Who hears about a project: its principal investigator or a manager (whose statement sums all their projects).
 *
 * @param email       lower-cased, so one person is one subject however the file spells the address
 * @param displayName empty when the file names none
 */
public record Contact(String clusterName, String namespace, Role role, String email, String displayName) {

    public enum Role { PI, MANAGER }
}
