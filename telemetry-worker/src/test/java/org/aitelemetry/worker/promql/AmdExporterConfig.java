package org.aitelemetry.worker.promql;

import java.time.Duration;
import java.util.Set;
import org.aitelemetry.worker.config.WorkerConfig;

/** A worker configuration with AMD's exporter at {@code telemetry.exporters.amd}'s defaults: what AmdQueries reads. */
public record AmdExporterConfig(WorkerConfig.Exporters exporters) implements WorkerConfig {

    public static AmdQueries queries() {
        return new AmdQueries(new AmdExporterConfig(new AmdOnly()));
    }

    /** The sync's look-back, which the fleet queries' windows take: ten minutes, the default. */
    @Override
    public SyncConfig sync() {
        return new SyncConfig() {
            @Override
            public String every() {
                throw new UnsupportedOperationException();
            }

            @Override
            public String firstDelay() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int missingAfterCycles() {
                throw new UnsupportedOperationException();
            }

            @Override
            public Duration lookback() {
                return Duration.ofMinutes(10);
            }
        };
    }

    @Override
    public Set<String> exporterContainers() {
        throw new UnsupportedOperationException();
    }

    @Override
    public Replicas replicas() {
        throw new UnsupportedOperationException();
    }

    private record AmdOnly() implements WorkerConfig.Exporters {

        @Override
        public Amd amd() {
            return new Amd() {
                @Override
                public String job() {
                    return "amd-device-metrics-exporter";
                }

                @Override
                public String namespace() {
                    return "kube-amd-gpu";
                }
            };
        }

        @Override
        public Dcgm dcgm() {
            throw new UnsupportedOperationException();
        }

        @Override
        public KubeStateMetrics kubeStateMetrics() {
            throw new UnsupportedOperationException();
        }

        @Override
        public Acm acm() {
            throw new UnsupportedOperationException();
        }

        @Override
        public KubeVirt kubevirt() {
            throw new UnsupportedOperationException();
        }
    }
}
