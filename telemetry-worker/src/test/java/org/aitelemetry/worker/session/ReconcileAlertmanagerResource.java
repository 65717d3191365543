package org.aitelemetry.worker.session;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.Map;
import org.aitelemetry.devkit.Workspace;
import org.aitelemetry.devkit.alertmanager.AlertmanagerComponent;
import org.aitelemetry.devkit.alertmanager.AlertmanagerSettings;

/**
 * A real Alertmanager for reconciliation: the worker asks its API which alerts it holds. Its notifications go to a
 * port nothing listens on; these tests post to the worker themselves.
 */
public class ReconcileAlertmanagerResource implements QuarkusTestResourceLifecycleManager {

    private AlertmanagerComponent alertmanager;

    @Override
    public Map<String, String> start() {
        alertmanager = new AlertmanagerComponent(Workspace.fromSystemProperties(), "reconcile-alertmanager",
                AlertmanagerSettings.fast(URI.create("http://127.0.0.1:9/unused")));
        try {
            alertmanager.start();
        } catch (IOException e) {
            throw new UncheckedIOException("Alertmanager did not start", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while Alertmanager started", e);
        }
        return Map.of("telemetry.sessions.reconcile.alertmanager-urls", alertmanager.url());
    }

    @Override
    public void inject(TestInjector testInjector) {
        testInjector.injectIntoFields(alertmanager,
                new TestInjector.MatchesType(AlertmanagerComponent.class));
    }

    @Override
    public void stop() {
        if (alertmanager != null) {
            alertmanager.close();
        }
    }
}
