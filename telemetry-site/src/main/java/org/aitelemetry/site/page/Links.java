package org.aitelemetry.site.page;

import io.quarkus.qute.TemplateExtension;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Which stored URLs pages may turn into links, and stored text put into a link's query. */
@TemplateExtension
public final class Links {

    private Links() {
    }

    /** {@code url.isWebLink}: an http(s) URL; anything else (a {@code javascript:} URL, say) stays plain text. */
    static boolean isWebLink(String url) {
        return url != null && (url.startsWith("https://") || url.startsWith("http://"));
    }

    /** {@code value.queryValue}: the text as one value of a URL's query ({@code q=Boston%20University}). */
    static String queryValue(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
