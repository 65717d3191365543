package org.aitelemetry.worker.probe;

import org.aitelemetry.worker.ingest.MalformedBodyException;

/** A probe report that cannot be scored; the probe must not retry it (400), and the reason says why. */
public class MalformedProbeReportException extends MalformedBodyException {

    public MalformedProbeReportException(String reason) {
        this(reason, null);
    }

    public MalformedProbeReportException(String reason, Throwable cause) {
        super("Malformed probe report", reason, cause);
    }
}
