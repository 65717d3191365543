package org.aitelemetry.site.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Picks parts of a page the tests assert on. Enough for the site's own, regular markup; not a general parser. */
public final class Html {

    private static final Pattern OPENING_TAG = Pattern.compile("<([a-z0-9]+)[^>]*\\sid=\"([^\"]+)\"");

    private Html() {
    }

    /** The element with this id, from its opening tag to the first closing tag of its kind (not for nested kinds). */
    public static String element(String page, String id) {
        Matcher tag = OPENING_TAG.matcher(page);
        while (tag.find()) {
            if (tag.group(2).equals(id)) {
                int end = page.indexOf("</" + tag.group(1) + ">", tag.end());
                assertThat(end).as("closing tag of #%s", id).isPositive();
                return page.substring(tag.start(), end);
            }
        }
        throw new AssertionError("no element with id '" + id + "' in the page");
    }

    /** How often {@code text} occurs in {@code html}. */
    public static int count(String html, String text) {
        int count = 0;
        for (int at = html.indexOf(text); at >= 0; at = html.indexOf(text, at + text.length())) {
            count++;
        }
        return count;
    }
}
