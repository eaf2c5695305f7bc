package io.redocdc.tools.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.tools.simulate.RedoFiles.Log;
import io.redocdc.tools.simulate.RedoFiles.Row;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each knob of SimulationSettings shows in the redo, and turning it off removes what it adds. */
class WorkloadKnobsTest {

    @TempDir
    Path tmp;

    @Test
    void withoutRollbacksSavepointsDdlLongTextInternalRowsOrLobsNoneAppear() throws IOException {
        SimulationSettings plain = SimulationSettings.defaults().withTransactions(200).withRollbackRatio(0)
                .withSavepointRatio(0).withDdlCount(0).withLongTextRatio(0).withInternalRowRatio(0).withLobRatio(0);
        SimulationResult result = WorkloadSimulator.write(tmp, plain);
        List<Row> rows = RedoFiles.allRows(tmp.resolve("redo"));

        assertThat(result.rolledBack()).isZero();
        assertThat(rows).noneMatch(Row::rollback).noneMatch(r -> r.code() == 36).noneMatch(r -> r.code() == 5)
                .noneMatch(r -> r.code() == 0).noneMatch(r -> r.xid().endsWith("FFFFFFFF"))
                .allMatch(r -> r.pieces() == 1).noneMatch(r -> "DOCUMENTS".equals(r.get("TABLE_NAME")));
        assertThat(RedoFiles.jsonLines(tmp.resolve("expected/tables/OE.DOCUMENTS.jsonl"))).isEmpty();
        assertThat(rows.stream().filter(r -> r.code() == 7).count())
                .as("commits: user transactions and sequence refreshes").isGreaterThan(result.committed());
    }

    @Test
    void lobRatioIsTheShareOfTransactionsWritingDocumentsInBothLobRowShapes() throws IOException {
        SimulationSettings lobs = SimulationSettings.defaults().withTransactions(400).withLongTransactions(0)
                .withLobRatio(0.1);
        WorkloadSimulator.write(tmp, lobs);
        List<Row> rows = RedoFiles.allRows(tmp.resolve("redo"));
        Map<String, List<Row>> documentRowsByXid = rows.stream()
                .filter(r -> "DOCUMENTS".equals(r.get("TABLE_NAME")))
                .collect(Collectors.groupingBy(Row::xid));

        assertThat(documentRowsByXid.size()).as("transactions writing documents").isBetween(20, 60);
        // a code 9 row labelled INTERNAL opens 23ai writes, SEL_LOB_LOCATOR 19c pieces; never both in a transaction
        assertThat(documentRowsByXid.values()).allSatisfy(txn -> assertThat(txn.stream().filter(r -> r.code() == 9)
                .map(r -> r.get("OPERATION")).distinct()).hasSizeLessThanOrEqualTo(1));
        assertThat(rows).anyMatch(r -> r.code() == 9 && r.get("OPERATION").equals("INTERNAL"))
                .anyMatch(r -> r.code() == 9 && r.get("OPERATION").equals("SEL_LOB_LOCATOR"));
    }

    @Test
    void resultCountsMatchTheFilesWritten() throws IOException {
        SimulationSettings rac = SimulationSettings.defaults().withTransactions(150).withThreads(4)
                .withRowsPerLog(100);
        SimulationResult result = WorkloadSimulator.write(tmp, rac);
        List<Log> logs = RedoFiles.catalog(tmp.resolve("redo"));
        Map<Integer, Long> perThread = logs.stream().collect(Collectors.groupingBy(Log::thread,
                Collectors.counting()));

        assertThat(result.logsPerThread()).hasSize(4);
        for (int t = 1; t <= 4; t++) {
            assertThat(result.logsPerThread().get(t - 1).longValue()).isEqualTo(perThread.get(t));
        }
        long physicalRows = 0;
        for (Log log : logs) {
            physicalRows += RedoFiles.physicalRows(RedoFiles.contentsFile(tmp.resolve("redo"), log)).size();
        }
        assertThat(result.contentsRows()).isEqualTo(physicalRows);
        assertThat(result.firstScn()).isEqualTo(logs.stream().mapToLong(Log::firstChange).min().orElseThrow());
        assertThat(result.lastScn()).isEqualTo(logs.stream().mapToLong(Log::nextChange).max().orElseThrow());
        assertThat(result.toString()).contains(result.committed() + " committed", "[" + perThread.get(1) + ", ");
    }

    @Test
    void zeroOrdinaryTransactionsStillWriteAValidDirectory() throws IOException {
        SimulationResult result = WorkloadSimulator.write(tmp, SimulationSettings.defaults().withTransactions(0)
                .withThreads(2).withLongTransactions(1).withDdlCount(1));
        List<Log> logs = RedoFiles.catalog(tmp.resolve("redo"));

        assertThat(result.committed()).isEqualTo(2);
        assertThat(logs.stream().map(Log::thread).distinct()).containsExactlyInAnyOrder(1, 2);
        assertThat(RedoFiles.jsonLines(tmp.resolve("expected/transactions.jsonl"))).hasSize(2);
    }
}
