package org.aitelemetry.site.health;

import java.util.List;
import java.util.regex.Pattern;
import org.aitelemetry.site.api.ApiProblem;
import org.aitelemetry.site.security.ProjectKey;

/**
 * The rules a health-check request's body must follow beyond its JSON shape: required fields and lengths, the fields
 * each target kind takes (and no others), and the test names.
 */
final class HealthCheckRules {

    private static final int NAME_MAX = 253;
    private static final int SELECTOR_MAX = 1000;
    private static final int PODS_MAX = 1024;
    private static final int TESTS_MAX = 32;
    private static final Pattern TEST_NAME = Pattern.compile("[a-z0-9_]{1,64}");

    private HealthCheckRules() {
    }

    /** The body, with {@code tests} defaulted to the full suite (empty), or a 400 {@code invalid-body} problem. */
    static HealthCheckCreate validated(HealthCheckCreate body) {
        if (body == null) {
            throw invalid("a body is required");
        }
        text("cluster", body.cluster(), NAME_MAX);
        HealthCheckTargetSpec target = body.target();
        if (target == null || target.kind() == null) {
            throw invalid("field 'target' with its 'kind' is required");
        }
        switch (target.kind()) {
            case NODE -> {
                text("target.node", target.node(), NAME_MAX);
                notFor(target, "namespace", target.namespace(), "podSelector", target.podSelector(),
                        "pods", target.pods());
            }
            case PROJECT -> {
                text("target.namespace", target.namespace(), ProjectKey.NAMESPACE_MAX_LENGTH);
                notFor(target, "node", target.node(), "podSelector", target.podSelector(), "pods", target.pods());
            }
            case JOB -> {
                text("target.namespace", target.namespace(), ProjectKey.NAMESPACE_MAX_LENGTH);
                notFor(target, "node", target.node());
                jobPods(target);
            }
        }
        List<String> tests = body.tests() == null ? List.of() : body.tests();
        tests(tests);
        return new HealthCheckCreate(body.cluster(), target, tests);
    }

    private static void jobPods(HealthCheckTargetSpec target) {
        if ((target.podSelector() == null) == (target.pods() == null)) {
            throw invalid("a JOB target takes exactly one of 'target.podSelector' and 'target.pods'");
        }
        if (target.podSelector() != null) {
            text("target.podSelector", target.podSelector(), SELECTOR_MAX);
            return;
        }
        if (target.pods().isEmpty() || target.pods().size() > PODS_MAX) {
            throw invalid("field 'target.pods' names 1 to " + PODS_MAX + " pods");
        }
        target.pods().forEach(pod -> text("target.pods[]", pod, NAME_MAX));
    }

    private static void tests(List<String> tests) {
        if (tests.size() > TESTS_MAX) {
            throw invalid("field 'tests' names at most " + TESTS_MAX + " tests");
        }
        for (String test : tests) {
            if (test == null || !TEST_NAME.matcher(test).matches()) {
                throw invalid("field 'tests' has '" + test + "': test names match ^[a-z0-9_]{1,64}$");
            }
        }
    }

    /** Refuses fields given that the target's kind does not take: pairs of field name and value. */
    private static void notFor(HealthCheckTargetSpec target, Object... namesAndValues) {
        for (int i = 0; i < namesAndValues.length; i += 2) {
            if (namesAndValues[i + 1] != null) {
                throw invalid("field 'target." + namesAndValues[i] + "' does not apply to a " + target.kind()
                        + " target");
            }
        }
    }

    private static void text(String field, String value, int maxLength) {
        if (value == null || value.isEmpty() || value.length() > maxLength) {
            throw invalid("field '" + field + "' is required, 1 to " + maxLength + " characters");
        }
    }

    private static ApiProblem invalid(String detail) {
        return new ApiProblem(400, "invalid-body", detail);
    }
}
