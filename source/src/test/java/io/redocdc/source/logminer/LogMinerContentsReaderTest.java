package io.redocdc.source.logminer;

import static io.redocdc.source.logminer.ContentsRows.oracleError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.Scn;
import io.redocdc.source.model.ThreadSequence;
import io.redocdc.source.model.Xid;
import java.io.IOException;
import java.sql.SQLRecoverableException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LogMinerContentsReaderTest {

    static final ArchivedLog LOG_42 = new ArchivedLog(new ThreadSequence(1, 42, 1029337344L), Scn.of(1000),
            Scn.of(2000), null, null, "/arch/1_42_1029337344.dbf", false, false);

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
    void skipReadsAndDiscardsWholeRecords() throws IOException {
        database.on("FROM V$LOGMNR_CONTENTS", call -> sample().resultSet());
        try (LogMinerContentsReader reader = open(RetryPolicy.NONE)) {
            assertThat(reader.skip(2)).isEqualTo(2);
            RedoRecord next = reader.next();
            assertThat(next.index()).isEqualTo(2);
            assertThat(next.line()).isEqualTo(5);
            assertThat(reader.skip(5)).as("only the COMMIT was left").isEqualTo(1);
            assertThat(reader.next()).isNull();
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

    @Test
    void aMissingLogIsRetriedThenReportedAsBadInput() {
        database.on("ADD_LOGFILE", call -> {
            throw oracleError(1291, "missing logfile");
        });
        assertThatThrownBy(() -> open(new RetryPolicy(2, Duration.ofMillis(10), Duration.ofMillis(10))))
                .isInstanceOf(RedoInputException.class)
                .hasMessageContaining("ORA-01291 after 2 attempts")
                .hasMessageContaining("thread 1 sequence 42");
        assertThat(database.opened()).isEqualTo(2);
        assertThat(database.closed()).isEqualTo(2);
        assertThat(database.callsContaining("END_LOGMNR")).as("ended even though ADD_LOGFILE failed").hasSize(2);
    }

    @Test
    void aNewSessionWithFewerRecordsThanAlreadyReadIsAnError() throws IOException {
        database.on("FROM V$LOGMNR_CONTENTS", call -> call.connection() == 1 ? sample().losingConnectionAt(6)
                : new ContentsRows().row(1001, 6, "START", 0, "set transaction read write", null).resultSet());
        try (LogMinerContentsReader reader = open(new RetryPolicy(2, Duration.ZERO, Duration.ZERO))) {
            reader.next();
            reader.next();
            reader.next();
            assertThatThrownBy(reader::next).isInstanceOf(RedoInputException.class)
                    .hasMessageContaining("contents changed");
        }
    }
}
