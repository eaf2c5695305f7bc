package io.redocdc.job.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.redocdc.sinks.files.ChangeFiles;
import io.redocdc.sinks.files.FileFormat;
import io.redocdc.source.model.Scn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10, defect 6c, end to end: a RAC redo directory where thread 2 writes the COMMIT of a transaction that
 * thread 1 started (an in-doubt transaction committed with COMMIT FORCE on the other instance, or a transaction
 * ended by the surviving instance's recovery; see CrossThreadTransactionTest for the Oracle sources).
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class CrossThreadCommitITCase {

    @RegisterExtension
    static final MiniClusterExtension CLUSTER = new MiniClusterExtension(
            new MiniClusterResourceConfiguration.Builder().setNumberTaskManagers(1).setNumberSlotsPerTaskManager(2)
                    .build());

    private static final String CONTENTS_HEADER = "SCN,TIMESTAMP,THREAD#,XID,OPERATION,OPERATION_CODE,ROLLBACK,"
            + "STATUS,INFO,SEG_OWNER,TABLE_NAME,DATA_OBJ#,ROW_ID,RS_ID,SSN,CSF,SQL_REDO,SQL_UNDO";
    /** 10.12.572 */
    private static final String XID = "0A000C003C020000";

    @TempDir
    Path tmp;

    @Test
    void aTransactionCommittedByAnotherThreadIsCapturedWhole() throws Exception {
        Path redo = tmp.resolve("redo");
        Files.createDirectories(redo.resolve("contents"));
        Files.writeString(redo.resolve("contents/1_1_1.csv"), CONTENTS_HEADER + "\n"
                + "1100,2026-01-01 00:18:20,1,0A000C003C020000,START,6,0,0,,,,,AAAAAAAAAAAAAAAAAA,"
                + " 0x000001.00000002.0010 ,0,0,set transaction read write,\n"
                + insert(1101, 1, "0x000001.00000003.0010", 1)
                + insert(1102, 1, "0x000001.00000004.0010", 2));
        Files.writeString(redo.resolve("contents/2_1_1.csv"), CONTENTS_HEADER + "\n"
                + "1500,2026-01-01 00:25:00,2,0A000C003C020000,COMMIT,7,0,0,,,,,AAAAAAAAAAAAAAAAAA,"
                + " 0x000001.00000009.0010 ,0,0,commit,\n");
        Files.writeString(redo.resolve("archived_logs.csv"), "THREAD#,SEQUENCE#,RESETLOGS_ID,FIRST_CHANGE#,"
                + "NEXT_CHANGE#,FIRST_TIME,NEXT_TIME,NAME,DICTIONARY_BEGIN,DICTIONARY_END\n"
                + "1,1,1,1000,2000,2026-01-01 00:16:40,2026-01-01 00:33:20,/arch/1_1_1.dbf,NO,NO\n"
                + "2,1,1,1000,2000,2026-01-01 00:16:40,2026-01-01 00:33:20,/arch/2_1_1.dbf,NO,NO\n");

        JobOptions options = new JobOptions(redo, tmp.resolve("output"), FileFormat.OGG_JSON, true, 2,
                StateBackendKind.HASHMAP, Duration.ofMillis(300), tmp.resolve("checkpoints"), null, Scn.ZERO, null,
                List.of("*.*"), null, "ORCL", Map.of(), false);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(
                JobConfiguration.of(options));
        CapturePipeline.build(env, options);
        env.execute("cross-thread commit");

        List<JsonNode> changes = ChangeFiles.dataChanges(tmp.resolve("output"));
        assertThat(changes).extracting(change -> change.get("after").get("ORDER_ID").asText())
                .containsExactly("1", "2");
        assertThat(changes).allSatisfy(change -> {
            assertThat(change.get("tokens").get("xid").asText()).isEqualTo(XID);
            assertThat(change.get("tokens").get("commit_scn").asLong()).isEqualTo(1500);
        });
    }

    private static String insert(long scn, int thread, String rsId, int orderId) {
        return scn + ",2026-01-01 00:18:2" + (scn % 10) + "," + thread + "," + XID + ",INSERT,1,0,0,,OE,ORDERS,74001,"
                + "AAASxxAAEAAAACXAA" + orderId + ", " + rsId + " ,0,0,\"insert into \"\"OE\"\".\"\"ORDERS\"\"(\"\"ORDER_ID\"\","
                + "\"\"STATUS\"\") values ('" + orderId + "','NEW')\",\n";
    }
}
