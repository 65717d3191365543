package org.aitelemetry.images;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.aitelemetry.images.containerfile.Containerfile;
import org.aitelemetry.images.containerfile.Instruction;
import org.junit.jupiter.api.Test;

/**
 * gpu-probe/Containerfile.rocm, read as text (CI cannot pull Docker Hub's ROCm images to build it): built with hipcc
 * for MI200 and MI300 on the ROCm image with its CTest suite, run from the same image (HIP runtime, rocBLAS, AMD SMI)
 * as a non-root user with the probe as its entrypoint.
 */
class ProbeRocmContainerfileTest {

    private static final Path ROOT = Path.of(System.getProperty("deploy.root", "..")).toAbsolutePath().normalize();

    @Test
    void buildsTheHipKernelsForMi200AndMi300AndRunsAsNonRoot() throws IOException {
        List<List<Instruction>> stages = Containerfile.read(ROOT.resolve("gpu-probe/Containerfile.rocm")).stages();

        assertThat(stages).hasSize(2);
        assertThat(stages.get(0).get(0).arguments()).isEqualTo("${ROCM_IMAGE} AS build");
        assertThat(stages.get(1).get(0).arguments()).isEqualTo("${ROCM_IMAGE}");
        assertThat(find(stages.get(0), "RUN", "cmake -S gpu-probe").arguments()).contains("-DGPU_PROBE_HIP=ON")
                .contains("-DGPU_PROBE_HIP_ARCHS=gfx90a;gfx942").contains("ctest");
        assertThat(find(stages.get(1), "COPY", "--from=build").words())
                .isEqualTo(List.of("--from=build", "/src/build/gpu-probe", "/usr/local/bin/gpu-probe"));
        assertThat(find(stages.get(1), "RUN", "apt-get").arguments()).contains("libcurl4");
        assertThat(find(stages.get(1), "USER", "").arguments()).matches("[1-9][0-9]*");
        assertThat(find(stages.get(1), "ENTRYPOINT", "").execForm()).containsExactly("/usr/local/bin/gpu-probe");
        assertThat(find(stages.get(1), "LABEL", "").pairs())
                .containsEntry("org.opencontainers.image.version", "${VERSION}")
                .containsEntry("org.opencontainers.image.revision", "${REVISION}");
    }

    private static Instruction find(List<Instruction> stage, String keyword, String containing) {
        return stage.stream().filter(i -> i.keyword().equals(keyword) && i.arguments().contains(containing))
                .reduce((a, b) -> b).orElseThrow(() -> new AssertionError("no " + keyword + " with " + containing));
    }
}
