package org.aitelemetry.site.api;

/** Where a page sits in the whole result. */
public record PageInfo(int number, int size, long totalItems, int totalPages) {

    public static PageInfo of(PageRequest request, long totalItems) {
        int pages = (int) Math.min(Integer.MAX_VALUE, (totalItems + request.size() - 1) / request.size());
        return new PageInfo(request.page(), request.size(), totalItems, pages);
    }
}
