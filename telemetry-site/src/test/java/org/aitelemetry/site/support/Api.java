package org.aitelemetry.site.support;

import static io.restassured.RestAssured.given;

import io.restassured.specification.RequestSpecification;

/** Requests to the site through the contract filters: validated against the YAML and counted for coverage. */
public final class Api {

    private Api() {
    }

    public static RequestSpecification as(String token) {
        return given().filters(Contract.FILTERS).auth().oauth2(token);
    }

    /** A request that breaks the contract on purpose (bad parameter, unknown field): only its answer is validated. */
    public static RequestSpecification malformedAs(String token) {
        return given().filters(Contract.MALFORMED_REQUEST_FILTERS).auth().oauth2(token);
    }

    /** Without a token, which the contract forbids: only the answer is validated. */
    public static RequestSpecification unauthenticated() {
        return given().filters(Contract.MALFORMED_REQUEST_FILTERS);
    }

    /** With a token the site must refuse; only the answer is validated. */
    public static RequestSpecification withRefusedToken(String token) {
        return given().filters(Contract.MALFORMED_REQUEST_FILTERS).header("Authorization", "Bearer " + token);
    }

    public static RequestSpecification anonymous() {
        return given().filters(Contract.FILTERS);
    }
}
