package io.redocdc.job.inspect;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The text form of what the savepoint fixtures do not show: half-read logs, logs finished ahead, a JDBC sink. */
class InspectionTextTest {

    @Test
    void halfReadLogsLogsFinishedAheadAndPendingTransactionsAreShown() {
        StateInspection state = new StateInspection("/sp/savepoint-1", 7, 1000, 1500L, false,
                List.of(new StateInspection.ThreadState(1, 12, 1500, List.of(
                                new StateInspection.LogInReader(12, 1500, 1600, 42, " 0x00000c.00000010.0010 ", 3L,
                                        false),
                                new StateInspection.LogInReader(13, 1600, 1700, 0, null, null, false)),
                        List.of("14", "16-17")),
                        new StateInspection.ThreadState(2, 5, 1550, List.of(), List.of())),
                List.of(new StateInspection.OpenTransaction("0A000C0001000000", 1, 1010, 10, 3, null, null)),
                2, new StateInspection.Sequencer("00ff", 1450L, 1, 4), 1010L, "start SCN of the oldest open "
                + "transaction 0A000C0001000000", List.of(new StateInspection.Purge(1, 10, 10L),
                new StateInspection.Purge(2, 5, null)), List.of(new StateInspection.SinkState("jdbc-apply-sink",
                "jdbc", "applied position kept in the target")));
        StringWriter text = new StringWriter();
        InspectionText.print(state, new PrintWriter(text));

        List<String> lines = text.toString().lines().toList();
        assertThat(lines).contains(
                "Savepoint/checkpoint /sp/savepoint-1 (checkpoint 7)",
                "  committed, not yet sequenced:  1 transaction(s), 4 LCR(s)",
                "Open transactions: 1 (and 2 buffered row(s) of transactions whose START was not read)",
                "  archived logs of thread 1 before sequence 10 can be purged (an open transaction started in "
                        + "sequence 10)",
                "  archived logs of thread 2 before sequence 5 can be purged",
                "  jdbc-apply-sink (jdbc): applied position kept in the target");
        int header = lines.indexOf(lines.stream().filter(line -> line.startsWith("  THREAD#")).findFirst()
                .orElseThrow());
        String thread1 = lines.get(header + 1);
        String thread2 = lines.get(header + 2);
        assertThat(thread1).startsWith("  1        12              1500              12 (half read: 42 records, "
                + "resumes by RS_ID 0x00000c.00000010.0010 SSN 3); 13 (not started)  ").endsWith("  14,16-17");
        assertThat(thread2).startsWith("  2        5               1550              -  ").endsWith(" -");
        int finishedAhead = lines.get(header).indexOf("FINISHED AHEAD");
        assertThat(thread1.indexOf("14,16-17")).as("columns aligned").isEqualTo(finishedAhead);
        assertThat(thread2.lastIndexOf('-')).as("columns aligned").isEqualTo(finishedAhead);
    }
}
