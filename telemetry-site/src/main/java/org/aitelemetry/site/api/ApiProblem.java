package org.aitelemetry.site.api;

/**
 * A refusal with a stable code, turned into an RFC 9457 problem document by {@link ProblemMappers}. Thrown (or failed
 * with, in a Uni) wherever a request cannot be served as asked.
 */
public final class ApiProblem extends RuntimeException {

    private final int status;
    private final String code;

    public ApiProblem(int status, String code, String detail) {
        super(detail, null, false, false);
        this.status = status;
        this.code = code;
    }

    public static ApiProblem badParameter(String name, String reason) {
        return new ApiProblem(400, "invalid-parameter", "parameter '" + name + "' " + reason);
    }

    public static ApiProblem notFound(String what) {
        return new ApiProblem(404, "not-found", what + " does not exist or is not visible to you");
    }

    public static ApiProblem forbidden(String reason) {
        return new ApiProblem(403, "forbidden", reason);
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }
}
