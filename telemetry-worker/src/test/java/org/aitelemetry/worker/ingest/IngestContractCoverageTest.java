package org.aitelemetry.worker.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every status of every operation of the ingest contract was answered to some test, through the validating filter.
 * A plain JUnit test, so it runs after every {@code @QuarkusTest} of the module (Quarkus' class orderer puts them
 * first); a new status or operation in the YAML without a test fails the build here.
 */
class IngestContractCoverageTest {

    @Test
    void everyStatusOfEveryOperationWasExercised() {
        Set<String> missing = new TreeSet<>(IngestContract.documented());
        missing.removeAll(IngestContract.exercised());
        assertThat(missing).as("statuses of %s that no test saw", IngestContract.FILE).isEmpty();
    }

    @Test
    void theContractDocumentsBothIngestOperations() {
        assertThat(IngestContract.documented()).contains("receiveAlertmanagerWebhook 200", "receiveProbeRun 201");
    }
}
