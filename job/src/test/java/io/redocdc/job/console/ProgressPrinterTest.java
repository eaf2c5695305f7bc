package io.redocdc.job.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressPrinterTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    private final AtomicLong clock = new AtomicLong(1_000_000);

    private static ProgressFigures logsRead(long read) {
        return new ProgressFigures(read, 9, 10, 100, -1, 0, -1);
    }

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void withoutATerminalPrintsPlainLinesAtTheIntervalAndTheLastOneAtTheEnd() {
        ProgressPrinter printer = new ProgressPrinter(out, false, 10_000, clock::get);
        printer.show(logsRead(1));
        clock.addAndGet(4_000);
        printer.show(logsRead(2)); // within the interval: held back
        clock.addAndGet(6_000);
        printer.show(logsRead(3));
        clock.addAndGet(1_000);
        printer.show(logsRead(4));
        printer.close();

        assertThat(printed().lines()).extracting(line -> line.substring(0, "logs 1/9".length()))
                .containsExactly("logs 1/9", "logs 3/9", "logs 4/9");
        assertThat(printed()).as("no escape codes or carriage returns").doesNotContain("\u001b", "\r");
    }

    @Test
    void withoutATerminalNothingIsPrintedTwice() {
        ProgressPrinter printer = new ProgressPrinter(out, false, 10_000, clock::get);
        printer.show(logsRead(1));
        printer.close();
        assertThat(printed().lines()).hasSize(1);
    }

    @Test
    void onATerminalRewritesOneLineAndEndsItOnClose() {
        ProgressPrinter printer = new ProgressPrinter(out, true, 10_000, clock::get);
        printer.show(logsRead(1));
        printer.show(logsRead(2));
        printer.close();

        String line1 = new ProgressLine().format(logsRead(1));
        String line2 = new ProgressLine().format(logsRead(2));
        assertThat(printed()).isEqualTo("\r" + line1 + "\u001b[K\r" + line2 + "\u001b[K" + System.lineSeparator());
    }
}
