package io.redocdc.job.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.job.RedoCdc;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code inspect} on the savepoint fixture of build 43f4961 and on paths that are not savepoints of the job. */
class InspectCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path tmp;

    @Test
    void printsTheFixturesStateAsText() throws Exception {
        int code = run(fixtureSavepoint().toString());
        System.out.println(out);
        System.out.println(err);
        assertThat(code).as("%s", err).isZero();
    }

    private int run(String... args) {
        CommandLine cmd = RedoCdc.commandLine();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        String[] all = new String[args.length + 1];
        all[0] = "inspect";
        System.arraycopy(args, 0, all, 1, args.length);
        return cmd.execute(all);
    }

    /** The directory holding the fixture's _metadata. */
    static Path fixtureSavepoint() throws Exception {
        Path dir = resource("/savepoints/43f4961/savepoint");
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(file -> file.getFileName().toString().equals("_metadata")).findFirst()
                    .orElseThrow().getParent();
        }
    }

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(InspectCommandTest.class.getResource(name).toURI());
    }
}
