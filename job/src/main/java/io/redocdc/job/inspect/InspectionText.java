package io.redocdc.job.inspect;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** {@link StateInspection} as aligned text for a person. */
public final class InspectionText {

    private InspectionText() {
    }

    public static void print(StateInspection state, PrintWriter out) {
        out.println("Savepoint/checkpoint " + state.path() + " (checkpoint " + state.checkpointId() + ")");
        List<String[]> facts = new ArrayList<>();
        facts.add(new String[] {"start SCN", Long.toString(state.startScn())});
        facts.add(new String[] {"completed frontier", orNone(state.completedFrontier())
                + (state.allLogsRead() ? " (every log read)" : "")});
        facts.add(new String[] {"processed low position", state.sequencer().processedLowPosition() == null ? "none"
                : state.sequencer().processedLowPosition() + " (commit SCN " + state.sequencer().processedCommitScn()
                        + ")"});
        if (state.sequencer().pendingTransactions() > 0) {
            facts.add(new String[] {"committed, not yet sequenced", state.sequencer().pendingTransactions()
                    + " transaction(s), " + state.sequencer().bufferedLcrs() + " LCR(s)"});
        }
        facts.add(new String[] {"required checkpoint SCN", orNone(state.requiredCheckpointScn()) + " ("
                + state.requiredBecause() + ")"});
        table(out, null, facts);

        out.println();
        out.println("Redo threads");
        List<String[]> threads = new ArrayList<>();
        for (StateInspection.ThreadState thread : state.threads()) {
            threads.add(new String[] {Integer.toString(thread.thread()), Long.toString(thread.nextSequence()),
                    Long.toString(thread.completedNextChange()), readers(thread),
                    thread.finishedAhead().isEmpty() ? "-" : String.join(",", thread.finishedAhead())});
        }
        table(out, new String[] {"THREAD#", "NEXT SEQUENCE#", "COMPLETED TO SCN", "LOGS IN READERS",
            "FINISHED AHEAD"}, threads);

        out.println();
        out.println("Open transactions: " + state.openTransactions().size()
                + (state.rowsWithoutStart() > 0 ? " (and " + state.rowsWithoutStart() + " buffered row(s) of "
                        + "transactions whose START was not read)" : ""));
        if (!state.openTransactions().isEmpty()) {
            List<String[]> open = new ArrayList<>();
            for (StateInspection.OpenTransaction transaction : state.openTransactions()) {
                open.add(new String[] {transaction.xid(), Long.toString(transaction.startScn()),
                    Integer.toString(transaction.thread()), Long.toString(transaction.startSequence()),
                    Long.toString(transaction.rows()), transaction.end() == null ? "-"
                        : transaction.end() + " at SCN " + transaction.endScn() + ", waits for the frontier"});
            }
            table(out, new String[] {"XID", "START SCN", "THREAD#", "START SEQUENCE#", "ROWS", "END READ"}, open);
        }

        out.println();
        out.println("Purge advice");
        for (StateInspection.Purge purge : state.purgeAdvice()) {
            out.println("  archived logs of thread " + purge.thread() + " before sequence "
                    + purge.purgeBeforeSequence() + " can be purged" + (purge.oldestOpenStart() == null ? ""
                            : " (an open transaction started in sequence " + purge.oldestOpenStart() + ")"));
        }
        if (state.purgeAdvice().isEmpty()) {
            out.println("  none: no log selected yet");
        }

        if (!state.sinks().isEmpty()) {
            out.println();
            out.println("Sinks");
            for (StateInspection.SinkState sink : state.sinks()) {
                out.println("  " + sink.uid() + " (" + sink.kind() + "): " + sink.applied());
            }
        }
        out.flush();
    }

    private static String readers(StateInspection.ThreadState thread) {
        if (thread.logsInReaders().isEmpty()) {
            return "-";
        }
        List<String> logs = new ArrayList<>();
        for (StateInspection.LogInReader log : thread.logsInReaders()) {
            String at = log.finished() ? "read to its end"
                    : log.recordsRead() == 0 ? "not started"
                    : "half read: " + log.recordsRead() + " records" + (log.resumeRsId() == null ? ""
                            : ", resumes by RS_ID " + log.resumeRsId().strip() + " SSN " + log.resumeSsn());
            logs.add(log.sequence() + " (" + at + ")");
        }
        return String.join("; ", logs);
    }

    private static String orNone(Long value) {
        return value == null ? "none" : value.toString();
    }

    /** Columns padded to their widest cell; without a header, two columns "label: value". */
    private static void table(PrintWriter out, String[] header, List<String[]> rows) {
        List<String[]> all = new ArrayList<>();
        if (header != null) {
            all.add(header);
        }
        all.addAll(rows);
        int columns = all.isEmpty() ? 0 : all.get(0).length;
        int[] widths = new int[columns];
        for (String[] row : all) {
            for (int c = 0; c < columns; c++) {
                widths[c] = Math.max(widths[c], row[c].length() + (header == null && c == 0 ? 1 : 0));
            }
        }
        for (String[] row : all) {
            StringBuilder line = new StringBuilder("  ");
            for (int c = 0; c < columns; c++) {
                String cell = header == null && c == 0 ? row[c] + ":" : row[c];
                line.append(c == columns - 1 ? cell : String.format("%-" + widths[c] + "s  ", cell));
            }
            out.println(line.toString().stripTrailing());
        }
    }
}
