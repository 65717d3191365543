package org.aitelemetry.site.statement;

import java.util.Locale;

/** The stored renderings of a statement that can be downloaded: the column each lives in and how it is served. */
public enum StatementFormat {
    HTML(StatementFormat.HTML_TYPE),
    CSV(StatementFormat.CSV_TYPE);

    static final String HTML_TYPE = "text/html;charset=utf-8";
    static final String CSV_TYPE = "text/csv;charset=utf-8";
    /** The downloads' path below a statement, in the API and the pages alike: {@code /{statementId}/html|csv}. */
    static final String PATH = "/{statementId}/{format: html|csv}";

    private final String mediaType;

    StatementFormat(String mediaType) {
        this.mediaType = mediaType;
    }

    /** The format a path names; the path's pattern admits only {@code html} and {@code csv}. */
    static StatementFormat of(String pathSegment) {
        return valueOf(pathSegment.toUpperCase(Locale.ROOT));
    }

    /** The {@code statement} column that holds it; also the file name's extension. */
    public String column() {
        return name().toLowerCase(Locale.ROOT);
    }

    public String mediaType() {
        return mediaType;
    }
}
