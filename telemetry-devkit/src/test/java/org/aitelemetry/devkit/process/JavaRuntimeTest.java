package org.aitelemetry.devkit.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JavaRuntimeTest {

    @TempDir
    Path home;

    @Test
    void theRunningJvmsReleaseFileNamesTheBuildItReportsItself() {
        JavaRuntime running = JavaRuntime.current();

        assertThat(JavaRuntime.at(running.home())).isEqualTo(running);
        assertThat(running.java()).isExecutable();
    }

    @Test
    void anotherInstallationIsReadFromItsReleaseFile() throws Exception {
        Files.writeString(home.resolve("release"), """
                IMPLEMENTOR="Eclipse Adoptium"
                JAVA_RUNTIME_VERSION="25.0.3+9-LTS"
                JAVA_VERSION="25.0.3"
                """);

        JavaRuntime runtime = JavaRuntime.at(home);

        assertThat(runtime.version().feature()).isEqualTo(25);
        assertThat(runtime.version()).hasToString("25.0.3+9-LTS");
        assertThat(runtime.java()).isEqualTo(home.resolve("bin/java"));
    }

    @Test
    void aFolderThatIsNoJavaInstallationIsRefusedByName() throws Exception {
        assertThatThrownBy(() -> JavaRuntime.at(home)).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("not a Java installation").hasMessageContaining(home.toString());
        for (String release : new String[] {"JAVA_VERSION=\"25.0.3\"\n", "JAVA_RUNTIME_VERSION=\"\"\n"}) {
            Files.writeString(home.resolve("release"), release);
            assertThatThrownBy(() -> JavaRuntime.at(home)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("JAVA_RUNTIME_VERSION");
        }
    }
}
