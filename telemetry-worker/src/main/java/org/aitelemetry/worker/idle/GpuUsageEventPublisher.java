package org.aitelemetry.worker.idle;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.memory.InMemoryConnector;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.aitelemetry.worker.events.KeyedEventSender;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.reactive.messaging.Channel;

/**
 * Publishes each committed idle notice on {@value #CHANNEL} (topic {@code ai-telemetry.gpu-usage}) as an
 * {@value #IDLE_GPUS} event, keyed by {@code <cluster>/<namespace>}, fire and forget like session and health events
 * ({@link KeyedEventSender}).
 */
@ApplicationScoped
public class GpuUsageEventPublisher {

    public static final String CHANNEL = "gpu-usage-events";
    static final String IDLE_GPUS = "IDLE_GPUS";
    static final int SCHEMA_VERSION = 1;
    private static final String CONNECTOR_PROPERTY = "mp.messaging.outgoing." + CHANNEL + ".connector";
    private static final int IN_MEMORY_KEEP = 1_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final KeyedEventSender sender;

    GpuUsageEventPublisher(@Channel(CHANNEL) MutinyEmitter<String> emitter,
            @ConfigProperty(name = CONNECTOR_PROPERTY) String connector, @Any InMemoryConnector inMemory,
            MeterRegistry registry) {
        this.sender = new KeyedEventSender("gpu_usage", CHANNEL, emitter, connector, inMemory, IN_MEMORY_KEEP,
                registry);
    }

    /** Sends the event without waiting for the connector; a failed send never reaches the caller. */
    void publish(IdleNotice notice) {
        sender.send(notice.projectKey(), () -> json(notice), () -> IDLE_GPUS + " " + notice.projectKey()
                + " (notice " + notice.id() + ")");
    }

    void onStart(@Observes StartupEvent start) {
        sender.warnIfInMemoryInProduction();
    }

    static String json(IdleNotice notice) throws JsonProcessingException {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("schema_version", SCHEMA_VERSION);
        event.put("type", IDLE_GPUS);
        event.put("notice_id", notice.id());
        event.put("project", notice.projectKey());
        event.put("cluster", notice.clusterName());
        event.put("namespace", notice.namespace());
        event.put("from", notice.from().toString());
        event.put("until", notice.until().toString());
        event.put("hours", notice.idleGpuHours());
        event.put("cost", notice.costWasted());
        event.put("currency", notice.currency());
        event.put("mailed", !notice.contacts().isEmpty());
        List<Map<String, Object>> gpus = notice.gpus().stream().map(GpuUsageEventPublisher::gpu).toList();
        event.put("gpus", gpus);
        return JSON.writeValueAsString(event);
    }

    private static Map<String, Object> gpu(IdleStretch stretch) {
        Map<String, Object> gpu = new LinkedHashMap<>();
        gpu.put("uuid", stretch.gpuUuid());
        gpu.put("gpu_instance_id", stretch.gpuInstanceId());
        gpu.put("mig_profile", stretch.migProfile());
        gpu.put("node", stretch.nodeName());
        gpu.put("from", stretch.from().toString());
        gpu.put("until", stretch.until().toString());
        gpu.put("hours", stretch.idleGpuHours());
        gpu.put("cost", stretch.costWasted());
        return gpu;
    }
}
