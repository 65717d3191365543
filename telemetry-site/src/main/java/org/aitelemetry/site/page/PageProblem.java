package org.aitelemetry.site.page;

/**
 * A page request that cannot be served as asked: rendered as an HTML page in the site's frame by
 * {@link PageProblemMapper}, where the API answers the same refusal with a problem document. As in the API, an object
 * the caller may not see is "not found", so a page never reveals that it exists.
 */
public final class PageProblem extends RuntimeException {

    private final int status;

    private PageProblem(int status, String detail) {
        super(detail, null, false, false);
        this.status = status;
    }

    public static PageProblem notFound(String what) {
        return new PageProblem(404, "There is no " + what + ", or it is not visible to you.");
    }

    public static PageProblem badParameter(String name, String reason) {
        return new PageProblem(400, "The parameter '" + name + "' " + reason + ".");
    }

    /** The item, or a not-found page naming what was missing. */
    public static <T> T found(T item, String what) {
        if (item == null) {
            throw notFound(what);
        }
        return item;
    }

    /** A path id: anything but a positive whole number names no object, so it is not found rather than malformed. */
    public static long id(String value, String what) {
        long id;
        try {
            id = Long.parseLong(value);
        } catch (NumberFormatException e) {
            id = 0;
        }
        if (id < 1) {
            throw notFound(what + " '" + value + "'");
        }
        return id;
    }

    public int status() {
        return status;
    }

    public String title() {
        return status == 404 ? "Not found" : "Bad request";
    }
}
