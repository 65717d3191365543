package org.aitelemetry.worker.contact;

import java.util.regex.Pattern;

/**
 * Who hears about a project: its principal investigator or a manager (whose statement sums all their projects).
 *
 * @param email       lower-cased, so one person is one subject however the file spells the address
 * @param displayName empty when the file names none
 */
public record Contact(String clusterName, String namespace, Role role, String email, String displayName) {

    public enum Role { PI, MANAGER }

    private static final Pattern ADDRESS =
            Pattern.compile("[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*");
    private static final int MAX_ADDRESS = 320;

    /** One plain address (name@domain): what a recipient needs, with no room for a list, a name or a header. */
    public static boolean isAddress(String text) {
        return text.length() <= MAX_ADDRESS && ADDRESS.matcher(text).matches();
    }
}
