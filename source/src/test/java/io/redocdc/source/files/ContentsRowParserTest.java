package io.redocdc.source.files;

import static io.redocdc.source.testing.TestRedoDirectory.log;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.OperationCode;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.Xid;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rows LogMiner could not name, read from a contents file as they are. The UNKNOWN/"OBJ# 73640" DELETE and the
 * INTERNAL row with a NULL owner are the V$LOGMNR_CONTENTS rows of block 3 of
 * operators' oracle-reference/logminer-sql_redo-without-dictionary.txt (log sequence 679, XID 02001B00FF060000);
 * INFO 'Dictionary Mismatch' comes with STATUS 2 (Oracle Database Utilities 12.1, "DDL_DICT_TRACKING and
 * Supplemental Logging Settings"). NULL and all-zero XIDs on rows outside any transaction: debezium/debezium
 * pull request 8077 (LogMiner returns rows whose XID is all zero bytes, START rows among them).
 */
class ContentsRowParserTest {

    private static final String HEADER = "SCN,TIMESTAMP,THREAD#,XID,OPERATION,OPERATION_CODE,ROLLBACK,STATUS,INFO,"
            + "SEG_OWNER,TABLE_NAME,DATA_OBJ#,ROW_ID,RS_ID,SSN,CSF,SQL_REDO,SQL_UNDO\r\n";
    private static final ArchivedLog LOG = log(1, 679, 1029337344L, 11568000, 11569000);
    private static final String MISMATCHED_DELETE = "delete from \"\"UNKNOWN\"\".\"\"OBJ# 73640\"\" where "
            + "\"\"COL 1\"\" = HEXTORAW('c30a3026') and \"\"COL 2\"\" = HEXTORAW('4669727374204e616d65203337')";

    @TempDir
    Path dir;

    @Test
    void keepsWhatLogMinerSaysAboutARowItCouldNotName() throws IOException {
        List<RedoRecord> records = read(HEADER
                + "11568453,2023-11-11 16:51:26,1,02001B00FF060000,DELETE,2,0,2,Dictionary Mismatch,UNKNOWN,"
                + "OBJ# 73640,73640,AAAR+oAAFAAAARfACG,\" 0x0002a7.000013f5.00e8 \",0,0,\"" + MISMATCHED_DELETE + "\",\r\n"
                + "11568453,2023-11-11 16:51:26,1,02001B00FF060000,INTERNAL,0,0,0,,,OBJ# 73641,73641,"
                + "AAAR+pAAAAAAAAAAAA,\" 0x0002a7.000013f6.0034 \",0,0,,\r\n");

        RedoRecord delete = records.get(0);
        assertThat(delete.status()).isEqualTo(2);
        assertThat(delete.info()).isEqualTo("Dictionary Mismatch");
        assertThat(delete.segOwner()).isEqualTo("UNKNOWN");
        assertThat(delete.tableName()).isEqualTo("OBJ# 73640");
        assertThat(delete.dataObj()).isEqualTo(73640L);
        assertThat(delete.xid()).isEqualTo(new Xid(2, 27, 1791));
        assertThat(delete.sqlRedo()).startsWith("delete from \"UNKNOWN\".\"OBJ# 73640\" where \"COL 1\" = HEXTORAW(");
        assertThat(delete.origin()).isEqualTo("log 1_679_1029337344 line 2");

        RedoRecord internal = records.get(1);
        assertThat(internal.op()).isEqualTo(OperationCode.INTERNAL);
        assertThat(internal.segOwner()).isNull();
        assertThat(internal.tableName()).isEqualTo("OBJ# 73641");
        assertThat(internal.sqlRedo()).isNull();
        assertThat(internal.xid().isNone()).isFalse();
    }

    @Test
    void aNullBlankOrAllZeroXidIsNoTransaction() throws IOException {
        String internal = ",INTERNAL,0,0,0,,,,,,\" 0x0002a7.000013f6.0034 \",0,0,,\r\n";
        List<RedoRecord> records = read(HEADER
                + "11568460,2023-11-11 16:51:27,1," + internal
                + "11568461,2023-11-11 16:51:27,1,\"   \"" + internal
                + "11568462,2023-11-11 16:51:27,1,0000000000000000" + internal);

        assertThat(records).extracting(RedoRecord::xid).containsExactly(Xid.NONE, Xid.NONE, Xid.NONE);
        assertThat(records).extracting(record -> record.xid().isNone()).containsOnly(true);
        assertThat(Xid.NONE.toRaw()).isEqualTo("0000000000000000");
    }

    @Test
    void aMalformedXidIsStillAnErrorNamingLineAndValue() throws IOException {
        Path file = write(HEADER + "11568460,2023-11-11 16:51:27,1,02001B00,START,6,0,0,,,,,,\" 0x1 \",0,0,"
                + "set transaction read write,\r\n");
        assertThatThrownBy(() -> readAll(file)).isInstanceOf(RedoInputException.class)
                .hasMessageContaining(file + " line 2: column XID: expected 16 hex digits (RAW(8)) or empty (NULL), "
                        + "got '02001B00'");
    }

    /** TIMESTAMP is checked once per distinct text in a row; a bad one after good ones is still an error. */
    @Test
    void rowsSharingATimestampKeepItAndABadOneAfterThemIsAnErrorNamingItsLine() throws IOException {
        String row = ",1,02001B00FF060000,START,6,0,0,,,,,,\" 0x1 \",0,0,set transaction read write,\r\n";
        List<RedoRecord> records = read(HEADER + "11568460,2023-11-11 16:51:27" + row
                + "11568461,2023-11-11 16:51:27" + row + "11568462,2023-11-11 16:51:28" + row);
        assertThat(records).extracting(RedoRecord::timestamp)
                .containsExactly("2023-11-11 16:51:27", "2023-11-11 16:51:27", "2023-11-11 16:51:28");

        Path file = write(HEADER + "11568460,2023-11-11 16:51:27" + row + "11568461,2023-11-11 16:51:27" + row
                + "11568462,2023-11-11 16:51:61" + row);
        assertThatThrownBy(() -> readAll(file)).isInstanceOf(RedoInputException.class)
                .hasMessageContaining(file + " line 4: column TIMESTAMP: expected 'YYYY-MM-DD HH24:MI:SS', "
                        + "got '2023-11-11 16:51:61'");
    }

    private List<RedoRecord> read(String text) throws IOException {
        return readAll(write(text));
    }

    private Path write(String text) throws IOException {
        Path file = dir.resolve("1_679_1029337344.csv");
        Files.writeString(file, text);
        return file;
    }

    private static List<RedoRecord> readAll(Path file) throws IOException {
        List<RedoRecord> records = new ArrayList<>();
        try (LogContentsReader reader = ContentsCsvReader.open(file, LOG)) {
            for (RedoRecord record = reader.next(); record != null; record = reader.next()) {
                records.add(record);
            }
        }
        return records;
    }
}
