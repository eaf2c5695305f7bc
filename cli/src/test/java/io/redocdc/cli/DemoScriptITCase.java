package io.redocdc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's first command, {@code bin/redo-cdc demo}, as a user runs it: the script on the classpath the
 * build wrote (target/classpath.txt, runtime scope), not the test classpath. A dependency that only the tests
 * carry (Flink's RPC loader once was, when a test declared it) breaks it here rather than for a new user.
 */
class DemoScriptITCase {

    @TempDir
    Path tmp;

    @Test
    void theDemoScriptRunsAndItsOutputEqualsTheTruth() throws IOException, InterruptedException {
        Path root = Path.of("").toAbsolutePath().getParent(); // failsafe runs in the cli module
        Path script = root.resolve("bin/redo-cdc");
        assertThat(script).as("the demo script").isExecutable();
        Path log = tmp.resolve("demo.out");
        Process demo = new ProcessBuilder(script.toString(), "demo", "--dir", tmp.resolve("demo").toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean ended = demo.waitFor(5, TimeUnit.MINUTES);
        if (!ended) {
            demo.destroyForcibly().waitFor();
        }
        String printed = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(ended).as("demo ended within 5 minutes:%n%s", printed).isTrue();
        assertThat(demo.exitValue()).as("demo exit code:%n%s", printed).isZero();
        assertThat(printed).contains("redo-cdc demo: the output equals the simulator's truth");
    }
}
