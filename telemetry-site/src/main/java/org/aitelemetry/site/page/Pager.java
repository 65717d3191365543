package org.aitelemetry.site.page;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.aitelemetry.site.api.PageInfo;

/**
 * The previous and next links under a paged table (null where there is none), keeping the table's search. An empty
 * table still has one page.
 */
public record Pager(int page, int totalPages, long totalItems, String previous, String next) {

    public static Pager of(PageInfo info, String path, TableQuery query) {
        int page = info.number() + 1;
        String previous = page > 1 ? href(path, query.search(), page - 1) : null;
        String next = page < info.totalPages() ? href(path, query.search(), page + 1) : null;
        return new Pager(page, Math.max(1, info.totalPages()), info.totalItems(), previous, next);
    }

    private static String href(String path, String search, int page) {
        String q = search == null ? "" : "q=" + URLEncoder.encode(search, StandardCharsets.UTF_8) + "&";
        return path + "?" + q + "page=" + page;
    }
}
