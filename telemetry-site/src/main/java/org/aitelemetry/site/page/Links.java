package org.aitelemetry.site.page;

import io.quarkus.qute.TemplateExtension;

/** Which stored URLs pages may turn into links. */
@TemplateExtension
public final class Links {

    private Links() {
    }

    /** {@code url.isWebLink}: an http(s) URL; anything else (a {@code javascript:} URL, say) stays plain text. */
    static boolean isWebLink(String url) {
        return url != null && (url.startsWith("https://") || url.startsWith("http://"));
    }
}
