package org.aitelemetry.site.page;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.aitelemetry.site.api.PageInfo;

/** Previous/next links of a paged table, keeping the page's other query parameters (search, filters). */
public record PageLinks(PageInfo info, String previous, String next) {

    static PageLinks of(PageInfo info, String path, Map<String, String> parameters) {
        String previous = info.number() > 0 ? link(path, parameters, info.number() - 1) : null;
        String next = info.number() + 1 < info.totalPages() ? link(path, parameters, info.number() + 1) : null;
        return new PageLinks(info, previous, next);
    }

    /** "page 2 of 7 (331)", counting pages from one as people do. */
    public String summary() {
        return "page " + (info.number() + 1) + " of " + Math.max(1, info.totalPages()) + " (" + info.totalItems() + ")";
    }

    private static String link(String path, Map<String, String> parameters, int page) {
        Map<String, String> all = new LinkedHashMap<>();
        parameters.forEach((name, value) -> {
            if (value != null && !value.isBlank()) {
                all.put(name, value);
            }
        });
        all.put("page", Integer.toString(page));
        StringBuilder url = new StringBuilder(path);
        char separator = '?';
        for (Map.Entry<String, String> entry : all.entrySet()) {
            url.append(separator).append(entry.getKey()).append('=')
                    .append(URLEncoder.encode(entry.getValue(), StandardCharsets.UTF_8));
            separator = '&';
        }
        return url.toString();
    }
}
