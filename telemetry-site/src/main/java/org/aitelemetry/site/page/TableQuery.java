package org.aitelemetry.site.page;

import org.aitelemetry.site.api.PageRequest;

/**
 * What a page's table was asked for in its URL: {@code q}, a search text (null for none), and {@code page}, the page
 * number as people count, from 1.
 */
public record TableQuery(String search, int page) {

    private static final int MAX_PAGE = 1_000_000;

    /** Parses {@code ?q=&page=}, refusing a search longer than {@code maxSearchLength} or a page that is no number. */
    public static TableQuery parse(String q, String page, int maxSearchLength) {
        String search = q == null || q.isBlank() ? null : q.strip();
        if (search != null && search.length() > maxSearchLength) {
            throw PageProblem.badParameter("q", "is longer than " + maxSearchLength + " characters");
        }
        return new TableQuery(search, page == null || page.isEmpty() ? 1 : number(page));
    }

    private static int number(String page) {
        int number;
        try {
            number = Integer.parseInt(page);
        } catch (NumberFormatException e) {
            number = 0;
        }
        if (number < 1 || number > MAX_PAGE) {
            throw PageProblem.badParameter("page", "must be a whole number from 1 to " + MAX_PAGE);
        }
        return number;
    }

    /** The query classes' request: their pages count from 0. */
    public PageRequest request(int size) {
        return new PageRequest(page - 1, size);
    }
}
