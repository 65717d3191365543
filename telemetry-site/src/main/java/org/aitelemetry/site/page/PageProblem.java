package org.aitelemetry.site.page;

import org.aitelemetry.site.api.ApiProblem;

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

    /** The API's refusal of a lookup a page shares with it (a 400 or 404), as a page. */
    public static PageProblem of(ApiProblem problem) {
        return new PageProblem(problem.status(), problem.getMessage());
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
        return switch (status) {
            case 404 -> "Not found";
            case 403 -> "Forbidden";
            default -> "Bad request";
        };
    }
}
