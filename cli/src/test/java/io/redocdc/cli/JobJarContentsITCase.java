package io.redocdc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.job.RedoCdc;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * The -flink jar a cluster runs holds the job and its Main-Class, and none of the tools: not the simulator, the
 * exporter or the verifier (io.redocdc.tools), nor their commands (io.redocdc.cli).
 */
class JobJarContentsITCase {

    @Test
    void theJobJarHoldsTheJobAndNoTool() throws IOException, URISyntaxException {
        try (JarFile jar = new JarFile(flinkJar().toFile())) {
            List<String> entries = jar.stream().map(JarEntry::getName).toList();
            assertThat(entries).as("entries of %s", jar.getName())
                    .contains(RedoCdc.class.getName().replace('.', '/') + ".class")
                    .noneMatch(name -> name.startsWith("io/redocdc/tools/") || name.startsWith("io/redocdc/cli/"))
                    .noneMatch(name -> name.matches(".*/(Simulate|Export|Demo)Command(\\$.*)?\\.class"));
            assertThat(jar.getManifest().getMainAttributes().getValue(Attributes.Name.MAIN_CLASS))
                    .isEqualTo(RedoCdc.class.getName());
        }
    }

    /** The job's -flink jar beside its plain jar on this classpath (job/target, built by the package phase). */
    private static Path flinkJar() throws URISyntaxException {
        Path jobJar = Path.of(RedoCdc.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertThat(jobJar.getFileName().toString()).as("the job module on the classpath as a jar").endsWith(".jar");
        Path flinkJar = jobJar.resolveSibling(jobJar.getFileName().toString().replaceAll("\\.jar$", "-flink.jar"));
        assertThat(flinkJar).as("the job jar a cluster runs (mvn verify builds it)").isRegularFile();
        return flinkJar;
    }
}
