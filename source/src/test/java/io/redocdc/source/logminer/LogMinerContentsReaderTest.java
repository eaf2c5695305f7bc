package io.redocdc.source.logminer;

import static io.redocdc.source.logminer.ContentsRows.oracleError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.ResumePoint;
import io.redocdc.source.model.Scn;
import io.redocdc.source.model.ThreadSequence;
import io.redocdc.source.model.Xid;
import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.Types;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.h2.tools.SimpleResultSet;
import org.junit.jupiter.api.Test;

class LogMinerContentsReaderTest {

    static final ArchivedLog LOG_42 = new ArchivedLog(new ThreadSequence(1, 42, 1029337344L), Scn.of(1000),
            Scn.of(2000), null, null, "/arch/1_42_1029337344.dbf", false, false);
    private static final String START_ID = " 0x00002a.00000002.0010 ";
    private static final String INSERT_ID = " 0x00002a.00000002.0044 ";
    private static final String UPDATE_ID = " 0x00002a.00000002.01a0 ";
    private static final String COMMIT_ID = " 0x00002a.00000003.0010 ";

    private final FakeDatabase database = new FakeDatabase();
    private final List<Duration> sleeps = new ArrayList<>();

    /** START, a 3-row CSF insert, an update, COMMIT: 4 joined records from 6 rows. */
    private static ContentsRows sample() {
        return new ContentsRows()
                .row(1001, 6, "START", 0, "set transaction read write", null)
                .row(1002, 1, "INSERT", 1, "insert into \"OE\".\"ORDERS\"(\"ID\",\"NOTE\") values ('1','ab", "delete ")
                .row(1002, 1, "INSERT", 1, "cd", null)
                .row(1002, 1, "INSERT", 0, "ef')", "from \"OE\".\"ORDERS\" where \"ID\" = '1'")
                .row(1003, 3, "UPDATE", 0, "update \"OE\".\"ORDERS\" set \"NOTE\" = 'x' where \"ID\" = '1'", null)
                .row(1004, 7, "COMMIT", 0, "commit", null);
    }

    /**
     * The sample with an RS_ID per record (redo addresses in LogMiner's blank-padded form, the continuation rows
     * carrying their record's RS_ID and SSN as Oracle Database Reference 19c, V$LOGMNR_CONTENTS, describes CSF).
     */
    private static ContentsRows withRowChanges() {
        return new ContentsRows()
                .row(START_ID, 1001, 6, "START", 0, "set transaction read write", null)
                .row(INSERT_ID, 1002, 1, "INSERT", 1, "insert into \"OE\".\"ORDERS\"(\"ID\",\"NOTE\") values ('1','ab", "delete ")
                .row(INSERT_ID, 1002, 1, "INSERT", 1, "cd", null)
                .row(INSERT_ID, 1002, 1, "INSERT", 0, "ef')", "from \"OE\".\"ORDERS\" where \"ID\" = '1'")
                .row(UPDATE_ID, 1003, 3, "UPDATE", 0, "update \"OE\".\"ORDERS\" set \"NOTE\" = 'x' where \"ID\" = '1'", null)
                .row(COMMIT_ID, 1004, 7, "COMMIT", 0, "commit", null);
    }

    /**
     * The same log mined again: one more row (an INTERNAL operation, code 0) before the insert, whose statement now
     * comes in two CSF rows instead of three.
     */
    private static ContentsRows reMined() {
        return new ContentsRows()
                .row(START_ID, 1001, 6, "START", 0, "set transaction read write", null)
                .row(" 0x00002a.00000002.0030 ", 1001, 0, "INTERNAL", 0, null, null)
                .row(INSERT_ID, 1002, 1, "INSERT", 1, "insert into \"OE\".\"ORDERS\"(\"ID\",\"NOTE\") values ('1','abc", "delete ")
                .row(INSERT_ID, 1002, 1, "INSERT", 0, "def')", "from \"OE\".\"ORDERS\" where \"ID\" = '1'")
                .row(UPDATE_ID, 1003, 3, "UPDATE", 0, "update \"OE\".\"ORDERS\" set \"NOTE\" = 'x' where \"ID\" = '1'", null)
                .row(COMMIT_ID, 1004, 7, "COMMIT", 0, "commit", null);
    }

    private LogMinerSettings settings(RetryPolicy retry) {
        return LogMinerSettings.builder().connectionFactory(database).include(List.of("OE.*")).exclude(List.of())
                .fetchSize(500).retry(retry).build();
    }

    private LogMinerContentsReader open(RetryPolicy retry) throws IOException {
        return LogMinerContentsReader.open(settings(retry), List.of(LOG_42), sleeps::add);
    }

    private static List<RedoRecord> drain(LogMinerContentsReader reader) throws IOException {
        List<RedoRecord> records = new ArrayList<>();
        for (RedoRecord r = reader.next(); r != null; r = reader.next()) {
            records.add(r);
        }
        return records;
    }

    @Test
    void joinsContinuationRowsAndNumbersRecordsAndQueryRows() throws IOException {
        database.on("FROM V$LOGMNR_CONTENTS", call -> sample().resultSet());
        List<RedoRecord> records;
        try (LogMinerContentsReader reader = open(RetryPolicy.NONE)) {
            records = drain(reader);
            assertThat(reader.next()).isNull();
        }
        assertThat(records).extracting(RedoRecord::index).containsExactly(0L, 1L, 2L, 3L);
        assertThat(records).extracting(RedoRecord::line).as("query row of each record's first row")
                .containsExactly(1L, 2L, 5L, 6L);
        RedoRecord insert = records.get(1);
        assertThat(insert.sqlRedo()).isEqualTo("insert into \"OE\".\"ORDERS\"(\"ID\",\"NOTE\") values ('1','abcdef')");
        assertThat(insert.sqlUndo()).isEqualTo("delete from \"OE\".\"ORDERS\" where \"ID\" = '1'");
        assertThat(insert.xid().toString()).isEqualTo("10.12.572");
        assertThat(insert.log()).isEqualTo(LOG_42.id());
        assertThat(insert.dataObj()).isEqualTo(73640L);
        assertThat(records.get(0).dataObj()).isNull();
        assertThat(records.get(0).segOwner()).isNull();
        assertThat(records.get(3).op().code()).isEqualTo(7);
    }

    @Test
    void runsTheSessionStatementsInOrderWithTheLogNameAndFetchSizeThenEndsLogMiner() throws IOException {
        database.on("FROM V$LOGMNR_CONTENTS", call -> sample().resultSet());
        try (LogMinerContentsReader reader = open(RetryPolicy.NONE)) {
            drain(reader);
        }
        assertThat(database.statements()).containsExactly(
                LogMinerQuery.ADD_FIRST_LOGFILE,
                LogMinerQuery.startLogMiner(DictionaryMode.ONLINE_CATALOG),
                LogMinerQuery.contents(settings(RetryPolicy.NONE), LOG_42, false).text(),
                LogMinerQuery.END_LOGMNR);
        assertThat(database.calls().get(0).bind(1)).isEqualTo(LOG_42.name());
        FakeDatabase.Call query = database.callsContaining("V$LOGMNR_CONTENTS").get(0);
        assertThat(query.fetchSize()).isEqualTo(500);
        assertThat(query.binds()).containsEntry(1, "UNKNOWN").containsEntry(4, "OE.%");
        assertThat(database.closed()).isEqualTo(database.opened()).isEqualTo(1);
    }

    @Test
    void skipToResumesAfterTheSameRowChangeInAReMinedLog() throws IOException {
        database.on("FROM V$LOGMNR_CONTENTS", call -> call.connection() == 1 ? withRowChanges().resultSet()
                : reMined().resultSet());
        ResumePoint point;
        try (LogMinerContentsReader reader = open(RetryPolicy.NONE)) {
            point = ResumePoint.START.after(reader.next()).after(reader.next());
        }
        try (LogMinerContentsReader reader = open(RetryPolicy.NONE)) {
            reader.skipTo(point);
            RedoRecord next = reader.next();
            assertThat(next.op().code()).as("a count of 2 would repeat the insert").isEqualTo(3);
            assertThat(next.index()).isEqualTo(2);
            assertThat(next.line()).as("its row in the re-mined query").isEqualTo(5);
            assertThat(reader.next().index()).isEqualTo(3);
            assertThat(reader.next()).isNull();
        }
        try (LogMinerContentsReader reader = open(RetryPolicy.NONE)) {
            reader.skipTo(ResumePoint.afterRecords(2));
            assertThat(reader.next().op().code()).as("a count (checkpoint of version 1 or 2) counts").isEqualTo(1);
        }
    }

    @Test
    void endsLogMinerWhenTheQueryFailsAfterStart() {
        database.on("FROM V$LOGMNR_CONTENTS", call -> {
            throw oracleError(1306, "dbms_logmnr.start_logmnr() must be invoked");
        });
        assertThatThrownBy(() -> open(RetryPolicy.DEFAULT)).isInstanceOf(IOException.class)
                .hasMessageContaining("ORA-01306").hasMessageContaining("NAME '/arch/1_42_1029337344.dbf'");
        assertThat(database.statements()).last().isEqualTo(LogMinerQuery.END_LOGMNR);
        assertThat(database.closed()).isEqualTo(1);
        assertThat(sleeps).as("ORA-01306 is not retried").isEmpty();
    }

    @Test
    void endsLogMinerWhenARowIsBad() throws IOException {
        database.on("FROM V$LOGMNR_CONTENTS", call -> new ContentsRows()
                .row(1001, "2026-01-01 10:00:00", 1, "not-a-xid", "START", 6, 0, 0, null, null, null, null, null,
                        null, 0L, 0, "set transaction read write", null).resultSet());
        LogMinerContentsReader reader = open(RetryPolicy.NONE);
        assertThatThrownBy(reader::next).isInstanceOf(RedoInputException.class)
                .hasMessageContaining("thread 1 sequence 42").hasMessageContaining("line 1")
                .hasMessageContaining("XID").hasMessageContaining("not-a-xid");
        reader.close();
        assertThat(database.statements()).last().isEqualTo(LogMinerQuery.END_LOGMNR);
        assertThat(database.closed()).isEqualTo(1);
    }

    /** RAWTOHEX(NULL) is NULL: rows outside any transaction (debezium/debezium pull request 8077). */
    @Test
    void aNullXidIsNoTransactionNotABadRow() throws IOException {
        database.on("FROM V$LOGMNR_CONTENTS", call -> new ContentsRows()
                .row(1001, "2026-01-01 10:00:00", 1, null, "INTERNAL", 0, 0, 0, null, null, null, null, null,
                        " 0x00002a.00000002.0010 ", 0L, 0, null, null).resultSet());
        try (LogMinerContentsReader reader = open(RetryPolicy.NONE)) {
            assertThat(reader.next().xid()).isEqualTo(Xid.NONE);
        }
    }

    /**
     * SRC_CON_NAME, the PDB of a row mined in CDB$ROOT (Utilities 12.1, "The V$LOGMNR_CONTENTS View in a CDB"),
     * becomes the record's container; control rows may lack it (NULL).
     */
    @Test
    void theSourceContainerOfARowIsKept() throws IOException {
        database.on("FROM V$LOGMNR_CONTENTS", call -> new ContentsRows()
                .row(1001, "2026-01-01 10:00:00", 1, ContentsRows.XID, "START", 6, 0, 0, null, null, null, null, null,
                        " 0x00002a.00000002.0010 ", 0L, 0, "set transaction read write", null, null)
                .row(1002, "2026-01-01 10:00:00", 1, ContentsRows.XID, "INSERT", 1, 0, 0, null, "OE", "ORDERS",
                        73640L, "AAAR+oAAFAAAARfACG", " 0x00002a.00000002.0020 ", 0L, 0,
                        "insert into \"OE\".\"ORDERS\"(\"ID\") values ('1')", null, "ORCLPDB1").resultSet());
        try (LogMinerContentsReader reader = open(RetryPolicy.NONE)) {
            assertThat(drain(reader)).extracting(RedoRecord::container).containsExactly(null, "ORCLPDB1");
        }
    }

    @Test
    void rowOfAnotherThreadAndTruncatedContinuationAreErrors() throws IOException {
        database.on("FROM V$LOGMNR_CONTENTS", call -> new ContentsRows()
                .row(1001, "2026-01-01 10:00:00", 2, ContentsRows.XID, "START", 6, 0, 0, null, null, null, null,
                        null, null, 0L, 0, "set transaction read write", null).resultSet());
        try (LogMinerContentsReader reader = open(RetryPolicy.NONE)) {
            assertThatThrownBy(reader::next).isInstanceOf(RedoInputException.class)
                    .hasMessageContaining("THREAD#: expected 1");
        }
        database.on("FROM V$LOGMNR_CONTENTS", call -> new ContentsRows()
                .row(1002, 1, "INSERT", 1, "insert into \"OE\".\"T\"(\"A\") values ('", null).resultSet());
        try (LogMinerContentsReader reader = open(RetryPolicy.NONE)) {
            assertThatThrownBy(reader::next).isInstanceOf(RedoInputException.class)
                    .hasMessageContaining("CSF=1").hasMessageContaining("line 1");
        }
    }

    @Test
    void aLostConnectionMidLogOpensANewSessionAndSkipsWhatWasRead() throws IOException {
        List<Integer> queryConnections = new ArrayList<>();
        database.on("FROM V$LOGMNR_CONTENTS", call -> {
            queryConnections.add(call.connection());
            // the first session loses its connection while fetching the 4th row (inside the CSF insert)
            return call.connection() == 1 ? sample().losingConnectionAt(4) : sample().resultSet();
        });
        database.on(LogMinerQuery.END_LOGMNR, call -> {
            if (call.connection() == 1) {
                throw new SQLRecoverableException("Closed Connection", "08003", 17008);
            }
            return null;
        });
        List<RedoRecord> records;
        try (LogMinerContentsReader reader = open(new RetryPolicy(3, Duration.ofMillis(100),
                Duration.ofSeconds(1)))) {
            records = drain(reader);
        }
        assertThat(queryConnections).containsExactly(1, 2);
        assertThat(records).extracting(RedoRecord::index).containsExactly(0L, 1L, 2L, 3L);
        assertThat(records).extracting(RedoRecord::line).containsExactly(1L, 2L, 5L, 6L);
        assertThat(records.get(1).sqlRedo()).endsWith("'abcdef')");
        assertThat(sleeps).containsExactly(Duration.ofMillis(100));
        assertThat(database.closed()).as("both connections closed").isEqualTo(2);
        assertThat(database.callsContaining("END_LOGMNR")).hasSize(2);
    }

    @Test
    void aNewSessionAfterALostConnectionResumesAfterTheLastRecordEvenWithOtherRowsBeforeIt() throws IOException {
        // the first session loses its connection fetching the update's row: START and the insert were returned
        database.on("FROM V$LOGMNR_CONTENTS", call -> call.connection() == 1 ? withRowChanges().losingConnectionAt(5)
                : reMined().resultSet());
        List<RedoRecord> records;
        try (LogMinerContentsReader reader = open(new RetryPolicy(2, Duration.ZERO, Duration.ZERO))) {
            records = drain(reader);
        }
        assertThat(records).extracting(r -> r.op().code()).as("nothing repeated, nothing lost")
                .containsExactly(6, 1, 3, 7);
        assertThat(records).extracting(RedoRecord::index).containsExactly(0L, 1L, 2L, 3L);
        assertThat(records).extracting(RedoRecord::line).as("update and commit from the new session")
                .containsExactly(1L, 2L, 5L, 6L);
    }

    @Test
    void connectionLossBeyondTheRetriesFailsNamingTheLogAndCode() {
        database.failOpening(new SQLRecoverableException("IO Error: The Network Adapter could not establish the "
                + "connection", "08006", 17002), new SQLRecoverableException("IO Error", "08006", 17002),
                new SQLRecoverableException("IO Error", "08006", 17002));
        assertThatThrownBy(() -> open(new RetryPolicy(3, Duration.ofSeconds(1), Duration.ofSeconds(30))))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("thread 1 sequence 42").hasMessageContaining("/arch/1_42_1029337344.dbf")
                .hasMessageContaining("ORA-17002 after 3 attempts");
        assertThat(sleeps).containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2));
    }

    /** V$ARCHIVED_LOG lists these copies of the log (NAME column only, as ArchivedLogQuery.COPIES selects). */
    private void copies(String... names) {
        database.on(ArchivedLogQuery.COPIES, call -> {
            SimpleResultSet rows = new SimpleResultSet();
            rows.addColumn("NAME", Types.VARCHAR, 513, 0);
            for (String name : names) {
                rows.addRow(name);
            }
            return rows;
        });
    }

    /**
     * What ADD_LOGFILE raises for a file it cannot open: ORA-01284 "file string cannot be opened" with ORA-00308
     * "cannot open archived log string" beneath it (Database Error Messages,
     * https://docs.oracle.com/en/error-help/db/oci-01284 and "00300-00369: Redo Log File Messages"), here as the
     * next exception so that only the whole chain shows the second code.
     */
    private static SQLException cannotOpen(String file) {
        SQLException top = oracleError(1284, "file " + file + " cannot be opened");
        top.setNextException(oracleError(308, "cannot open archived log '" + file + "'"));
        return top;
    }

    @Test
    void aMissingLogIsRetriedThenReportedAsBadInput() {
        copies(LOG_42.name());
        database.on("ADD_LOGFILE", call -> {
            throw oracleError(1291, "missing logfile");
        });
        assertThatThrownBy(() -> open(new RetryPolicy(2, Duration.ofMillis(10), Duration.ofMillis(10))))
                .isInstanceOf(RedoInputException.class)
                .hasMessageContaining("ORA-01291 after 2 attempts")
                .hasMessageContaining("thread 1 sequence 42");
        assertThat(database.callsContaining("ADD_LOGFILE")).hasSize(2);
        assertThat(database.closed()).as("sessions and the copy listing closed").isEqualTo(database.opened())
                .isEqualTo(3);
        assertThat(database.callsContaining("END_LOGMNR")).as("ended even though ADD_LOGFILE failed").hasSize(2);
    }

    @Test
    void aFileThatCannotBeOpenedIsReplacedByAnotherDestinationsCopy() throws IOException {
        String copy = "/arch2/1_42_1029337344.dbf";
        copies(LOG_42.name(), copy);
        database.on("ADD_LOGFILE", call -> {
            if (LOG_42.name().equals(call.bind(1))) {
                throw cannotOpen(LOG_42.name());
            }
            return null;
        });
        database.on("FROM V$LOGMNR_CONTENTS", call -> sample().resultSet());
        try (LogMinerContentsReader reader = open(new RetryPolicy(3, Duration.ofMillis(100), Duration.ofSeconds(1)))) {
            assertThat(drain(reader)).hasSize(4);
        }
        assertThat(database.callsContaining("ADD_LOGFILE")).extracting(call -> call.bind(1))
                .containsExactly(LOG_42.name(), copy);
        assertThat(database.callsContaining(ArchivedLogQuery.COPIES)).singleElement()
                .satisfies(call -> assertThat(call.binds()).containsEntry(1, 1).containsEntry(2, 42L)
                        .containsEntry(3, 1029337344L));
        assertThat(sleeps).containsExactly(Duration.ofMillis(100));
    }

    @Test
    void whenNoCopyOpensTheReaderFailsNamingThreadSequenceAndEveryFile() {
        String copy = "/arch2/1_42_1029337344.dbf";
        copies(LOG_42.name(), copy);
        database.on("ADD_LOGFILE", call -> {
            throw cannotOpen((String) call.bind(1));
        });
        assertThatThrownBy(() -> open(new RetryPolicy(4, Duration.ofMillis(100), Duration.ofSeconds(1))))
                .isInstanceOf(RedoInputException.class)
                .hasMessageContaining("ORA-01284, ORA-00308 after 4 attempts")
                .hasMessageContaining("archived log thread 1 sequence 42 (resetlogs 1029337344) could not be opened at '"
                        + LOG_42.name() + "', '" + copy + "'");
        assertThat(database.callsContaining("ADD_LOGFILE")).extracting(call -> call.bind(1)).as("each copy in turn")
                .containsExactly(LOG_42.name(), copy, LOG_42.name(), copy);
        assertThat(sleeps).containsExactly(Duration.ofMillis(100), Duration.ofMillis(200), Duration.ofMillis(400));
    }

    @Test
    void aNewSessionWithoutTheLastRecordReadIsAnErrorNamingTheLogAndThePoint() throws IOException {
        database.on("FROM V$LOGMNR_CONTENTS", call -> call.connection() == 1 ? sample().losingConnectionAt(6)
                : new ContentsRows().row(1001, 6, "START", 0, "set transaction read write", null).resultSet());
        try (LogMinerContentsReader reader = open(new RetryPolicy(2, Duration.ZERO, Duration.ZERO))) {
            reader.next();
            reader.next();
            reader.next();
            assertThatThrownBy(reader::next).isInstanceOf(RedoInputException.class)
                    .hasMessageContaining("V$LOGMNR_CONTENTS of archived log thread 1 sequence 42")
                    .hasMessageContaining("a new LogMiner session")
                    .hasMessageContaining("cannot resume after record 2 (the first with RS_ID '0x0002a7.000013f5.00e8' "
                            + "SSN 0, the greatest id handed on, then 2 more)")
                    .hasMessageContaining("the log ends after 1 records");
        }
    }
}
