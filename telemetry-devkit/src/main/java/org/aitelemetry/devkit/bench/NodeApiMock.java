package org.aitelemetry.devkit.bench;

import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.NamespacedKubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.net.InetAddress;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The stand-in for the Kubernetes API server: fabric8's mock server in CRUD mode on loopback, plain HTTP, as the
 * worker's own tests run it ({@code @WithKubernetesTestServer(crud = true)}), holding one Node per fleet node.
 */
final class NodeApiMock implements AutoCloseable {

    /** The mock logs every request at INFO; held, since java.util.logging keeps its loggers weakly. */
    private static final Logger REQUEST_LOG = Logger.getLogger("io.fabric8.mockwebserver");

    private final KubernetesMockServer server = new KubernetesMockServer(new Context(), new MockWebServer(),
            new HashMap<>(), new KubernetesMixedDispatcher(new HashMap<>(), List.of()), false);
    private NamespacedKubernetesClient client;

    void start() {
        REQUEST_LOG.setLevel(Level.WARNING);
        server.init(InetAddress.getLoopbackAddress(), 0);
        client = server.createClient();
    }

    /** Ready GPU nodes, each with a taint of its own that the worker must keep. */
    void createNodes(List<String> names) {
        for (String name : names) {
            client.nodes().resource(new NodeBuilder().withNewMetadata().withName(name)
                    .addToLabels("nvidia.com/gpu.product", HealthFleet.PRODUCT.replace(' ', '-')).endMetadata()
                    .withNewSpec().addNewTaint().withKey("nvidia.com/gpu").withValue("present").withEffect("NoSchedule")
                    .endTaint().endSpec()
                    .withNewStatus().addNewCondition().withType("Ready").withStatus("True").endCondition().endStatus()
                    .build()).create();
        }
    }

    NamespacedKubernetesClient client() {
        return client;
    }

    /**
     * The worker's configuration that points its Kubernetes client here: Quarkus's keys, and fabric8's own system
     * properties as Quarkus's test resource sets them for the tests, so that no kubeconfig or service account of the
     * machine is mixed in.
     */
    Map<String, String> appConfig() {
        String url = client.getMasterUrl().toString();
        return Map.of("quarkus.kubernetes-client.api-server-url", url,
                "quarkus.kubernetes-client.trust-certs", "true",
                "quarkus.kubernetes-client.namespace", "default",
                "kubernetes.master", url,
                "kubernetes.trust.certificates", "true",
                "kubernetes.auth.tryKubeConfig", "false",
                "kubernetes.auth.tryServiceAccount", "false");
    }

    @Override
    public void close() {
        if (client != null) {
            client.close();
        }
        server.destroy();
    }
}
