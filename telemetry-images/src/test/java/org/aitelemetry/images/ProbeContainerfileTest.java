package org.aitelemetry.images;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.aitelemetry.images.containerfile.Containerfile;
import org.aitelemetry.images.containerfile.Instruction;
import org.junit.jupiter.api.Test;

/**
 * gpu-probe/Containerfile, read as text (CI cannot pull NVIDIA's CUDA images to build it): built with nvcc on the CUDA
 * devel image, run from the CUDA runtime image (cuBLASLt) as a non-root user with the probe as its entrypoint, the
 * GPUs only those the device plugin allocates, and the same OCI labels as the apps' images.
 */
class ProbeContainerfileTest {

    private static final Path ROOT = Path.of(System.getProperty("deploy.root", "..")).toAbsolutePath().normalize();

    private final Containerfile file = read();

    @Test
    void buildsWithNvccOnTheDevelImageAndRunsOnTheRuntimeImage() {
        List<List<Instruction>> stages = file.stages();
        Map<String, String> defaults = globalArguments();

        assertThat(stages).hasSize(2);
        assertThat(stages.get(0).get(0).arguments()).isEqualTo("${CUDA_DEVEL_IMAGE} AS build");
        assertThat(stages.get(1).get(0).arguments()).isEqualTo("${CUDA_RUNTIME_IMAGE}");
        assertThat(defaults.get("CUDA_DEVEL_IMAGE")).matches("nvcr\\.io/nvidia/cuda:[0-9.]+-devel-ubuntu[0-9.]+");
        assertThat(defaults.get("CUDA_RUNTIME_IMAGE")).isEqualTo(defaults.get("CUDA_DEVEL_IMAGE")
                .replace("-devel-", "-runtime-"));
        assertThat(find(stages.get(0), "RUN", "cmake -S gpu-probe")).get().extracting(Instruction::arguments)
                .asString().contains("-DGPU_PROBE_CUDA=ON").contains("ctest");
        assertThat(find(stages.get(1), "COPY", "--from=build")).get().extracting(Instruction::words)
                .isEqualTo(List.of("--from=build", "/src/build/gpu-probe", "/usr/local/bin/gpu-probe"));
        // push.cpp dlopens libcurl.so.4.
        assertThat(find(stages.get(1), "RUN", "apt-get")).get().extracting(Instruction::arguments).asString()
                .contains("libcurl4");
    }

    @Test
    void runsTheProbeAsANonRootUserOnAllocatedGpusOnly() {
        List<Instruction> run = file.stages().get(1);

        assertThat(last(run, "USER").arguments()).matches("[1-9][0-9]*");
        assertThat(last(run, "ENTRYPOINT").execForm()).containsExactly("/usr/local/bin/gpu-probe");
        assertThat(last(run, "ENV").pairs()).containsEntry("NVIDIA_VISIBLE_DEVICES", "void")
                .containsEntry("NVIDIA_DRIVER_CAPABILITIES", "compute,utility");
    }

    @Test
    void labelsAsTheAppsImages() {
        Map<String, String> labels = last(file.stages().get(1), "LABEL").pairs();

        assertThat(labels).containsEntry("org.opencontainers.image.title", BuildImages.PROBE)
                .containsEntry("org.opencontainers.image.version", "${VERSION}")
                .containsEntry("org.opencontainers.image.revision", "${REVISION}")
                .containsEntry("org.opencontainers.image.source", "${SOURCE}");
    }

    private Map<String, String> globalArguments() {
        Map<String, String> defaults = new HashMap<>();
        for (Instruction instruction : file.instructions()) {
            if (instruction.keyword().equals("FROM")) {
                break;
            }
            defaults.putAll(instruction.pairs());
        }
        return defaults;
    }

    private static Optional<Instruction> find(List<Instruction> stage, String keyword, String containing) {
        return stage.stream().filter(i -> i.keyword().equals(keyword) && i.arguments().contains(containing))
                .findFirst();
    }

    private static Instruction last(List<Instruction> stage, String keyword) {
        return stage.stream().filter(i -> i.keyword().equals(keyword)).reduce((a, b) -> b).orElseThrow(() ->
                new AssertionError("no " + keyword + " in the run stage"));
    }

    private static Containerfile read() {
        try {
            return Containerfile.read(ROOT.resolve("gpu-probe/Containerfile"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
