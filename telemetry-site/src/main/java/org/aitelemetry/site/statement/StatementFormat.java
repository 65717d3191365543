package org.aitelemetry.site.statement;

/** The stored renderings of a statement that can be downloaded: the column each lives in and how it is served. */
public enum StatementFormat {
    HTML("html", "text/html;charset=utf-8"),
    CSV("csv", "text/csv;charset=utf-8");

    private final String column;
    private final String mediaType;

    StatementFormat(String column, String mediaType) {
        this.column = column;
        this.mediaType = mediaType;
    }

    /** The {@code statement} column that holds it; also the file name's extension. */
    public String column() {
        return column;
    }

    public String mediaType() {
        return mediaType;
    }
}
