package org.aitelemetry.worker.probe;

/** A probe report that cannot be scored; the probe must not retry it (400), and the reason says why. */
public class MalformedProbeReportException extends RuntimeException {

    public MalformedProbeReportException(String reason) {
        super(reason);
    }

    public MalformedProbeReportException(String reason, Throwable cause) {
        super(reason, cause);
    }
}
