package org.aitelemetry.images.debian;

/**
 * Debian's order of package versions ({@code [epoch:]upstream[-revision]}), as dpkg and apt compare them: the epoch as
 * a number, then upstream and revision part by part — runs of non-digits by character, where "~" sorts before
 * everything (even the end) and letters before other symbols, alternating with runs of digits as numbers.
 * It picks the newest of the versions the suites serve.
 */
public final class DebianVersion {

    private DebianVersion() {
    }

    public static int compare(String a, String b) {
        int byEpoch = Long.compare(epoch(a), epoch(b));
        if (byEpoch != 0) {
            return byEpoch;
        }
        int byUpstream = compareParts(upstream(a), upstream(b));
        return byUpstream != 0 ? byUpstream : compareParts(revision(a), revision(b));
    }

    private static long epoch(String version) {
        int colon = version.indexOf(':');
        return colon < 0 ? 0 : Long.parseLong(version.substring(0, colon));
    }

    private static String upstream(String version) {
        String withoutEpoch = version.substring(version.indexOf(':') + 1);
        int dash = withoutEpoch.lastIndexOf('-');
        return dash < 0 ? withoutEpoch : withoutEpoch.substring(0, dash);
    }

    private static String revision(String version) {
        String withoutEpoch = version.substring(version.indexOf(':') + 1);
        int dash = withoutEpoch.lastIndexOf('-');
        return dash < 0 ? "" : withoutEpoch.substring(dash + 1);
    }

    private static int compareParts(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() || j < b.length()) {
            while ((i < a.length() && !isDigit(a, i)) || (j < b.length() && !isDigit(b, j))) {
                int byCharacter = Integer.compare(weight(a, i), weight(b, j));
                if (byCharacter != 0) {
                    return byCharacter;
                }
                i++;
                j++;
            }
            int endA = digitsEnd(a, i);
            int endB = digitsEnd(b, j);
            int byNumber = compareNumbers(a.substring(i, endA), b.substring(j, endB));
            if (byNumber != 0) {
                return byNumber;
            }
            i = endA;
            j = endB;
        }
        return 0;
    }

    /** A non-digit's place: "~" first, then the end of the run (a digit or nothing), letters, other symbols. */
    private static int weight(String s, int index) {
        if (index >= s.length() || isDigit(s, index)) {
            return 0;
        }
        char c = s.charAt(index);
        if (c == '~') {
            return -1;
        }
        return Character.isLetter(c) ? c : c + 256;
    }

    private static int compareNumbers(String a, String b) {
        String x = a.replaceFirst("^0+", "");
        String y = b.replaceFirst("^0+", "");
        return x.length() != y.length() ? Integer.compare(x.length(), y.length()) : x.compareTo(y);
    }

    private static int digitsEnd(String s, int from) {
        int end = from;
        while (end < s.length() && isDigit(s, end)) {
            end++;
        }
        return end;
    }

    private static boolean isDigit(String s, int index) {
        return s.charAt(index) >= '0' && s.charAt(index) <= '9';
    }
}
