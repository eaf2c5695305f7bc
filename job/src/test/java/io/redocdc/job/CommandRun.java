package io.redocdc.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Runs the CLI in this JVM, as the tests that drive {@code redo-cdc} commands do. */
public final class CommandRun {

    private CommandRun() {}

    /** What the command printed to standard output, after checking that it exited with 0 (else fails with it). */
    public static String succeeds(String... args) {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        int exit;
        try {
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            exit = RedoCdc.commandLine().execute(args);
        } finally {
            System.setOut(stdout);
        }
        String output = printed.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(output).isZero();
        return output;
    }

    public static String succeeds(List<String> args) {
        return succeeds(args.toArray(String[]::new));
    }
}
