package org.aitelemetry.site.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.Set;
import java.util.TreeSet;
import org.aitelemetry.site.support.Contract;
import org.aitelemetry.site.support.SiteTestProfile;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Runs after every other test class (junit-platform.properties orders classes by {@link Order}): each operation of
 * the contract must have been called, through the validating filters, with a successful answer. A new operation in
 * the YAML without a test fails the build here.
 */
@QuarkusTest
@TestProfile(SiteTestProfile.class)
@Order(Integer.MAX_VALUE)
class ContractCoverageTest {

    @Test
    void everyOperationOfTheContractWasExercised() {
        Set<String> missing = new TreeSet<>();
        Contract.OPERATIONS.forEach(operation -> missing.add(operation.id()));
        missing.removeAll(Contract.exercised());
        assertThat(missing).as("operations of %s that no test called successfully", Contract.FILE).isEmpty();
    }
}
