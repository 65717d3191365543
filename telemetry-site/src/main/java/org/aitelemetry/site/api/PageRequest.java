package org.aitelemetry.site.api;

/** The page a list operation was asked for: {@code page} from 0, {@code size} up to {@link #MAX_SIZE}. */
public record PageRequest(int page, int size) {

    public static final int DEFAULT_SIZE = 50;
    /** Hard maximum: a larger page is refused, never silently cut, so a client cannot mistake it for the end. */
    public static final int MAX_SIZE = 500;
    private static final int MAX_PAGE = 1_000_000;

    /** Parses the query parameters; absent ones take their defaults. */
    public static PageRequest of(String page, String size) {
        int number = QueryParams.integer("page", page, 0, 0, MAX_PAGE);
        int items = QueryParams.integer("size", size, DEFAULT_SIZE, 1, Integer.MAX_VALUE);
        if (items > MAX_SIZE) {
            throw new ApiProblem(400, "page-size-too-large", "parameter 'size' is at most " + MAX_SIZE);
        }
        return new PageRequest(number, items);
    }

    public long offset() {
        return (long) page * size;
    }
}
