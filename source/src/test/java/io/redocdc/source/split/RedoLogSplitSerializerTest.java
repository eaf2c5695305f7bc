package io.redocdc.source.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.ResumePoint;
import io.redocdc.source.model.RowChangeId;
import io.redocdc.source.model.Scn;
import io.redocdc.source.model.ThreadSequence;
import java.io.IOException;
import java.time.LocalDateTime;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class RedoLogSplitSerializerTest {

    /** Real V$ARCHIVED_LOG row (reference/oracle/v_archived_log-rac-and-gap-examples.txt, oracdc issue #38). */
    private static final ArchivedLog LOG = new ArchivedLog(new ThreadSequence(1, 19641, 1029337344L),
            Scn.of(73690669482L), Scn.of(73690670319L), LocalDateTime.of(2022, 12, 1, 6, 36, 55),
            LocalDateTime.of(2022, 12, 1, 6, 37, 9, 500), "/app/oracle/oradata/arch/1_19641_1029337344.dbf", true, false);
    private static final RedoLogSplit SPLIT = new RedoLogSplit(LOG, ResumePoint.afterRecords(17), true);
    private static final RedoLogSplit SELECTED = new RedoLogSplit(LOG, ResumePoint.afterRecords(17), false,
            "dictionary online-catalog, include OE.*");
    /** Mid-log at a real RS_ID (README of reference/oracle), then two more records. */
    private static final RedoLogSplit AT_ROW_CHANGE = new RedoLogSplit(LOG,
            new ResumePoint(17, new RowChangeId("0x0002a7.000013f5.00e8", 3), 2), false, "LogMiner query v1");
    /** {@link #AT_ROW_CHANGE} as version 3 wrote it restores as its count (see the serializer). */
    private static final RedoLogSplit AT_ROW_CHANGE_COUNTED = new RedoLogSplit(LOG, ResumePoint.afterRecords(17),
            false, "LogMiner query v1");

    /** Version 1 bytes of {@link #SPLIT}; a format change must add a version, not change these. */
    private static final String VERSION_1_HEX = "000000010000000000004cb9000000003d5a710000000011284e61aa00000011284e64ef010000000063884b87000000"
            + "00010000000063884b95000001f401002f2f6170702f6f7261636c652f6f7261646174612f617263682f315f31393634"
            + "315f313032393333373334342e6462660100000000000000001101";

    /** Version 2 bytes of {@link #SELECTED}. */
    private static final String VERSION_2_HEX = "000000010000000000004cb9000000003d5a710000000011284e61aa00000011284e64ef010000000063884b87000000"
            + "00010000000063884b95000001f401002f2f6170702f6f7261636c652f6f7261646174612f617263682f315f31393634"
            + "315f313032393333373334342e64626601000000000000000011000000002764696374696f6e617279206f6e6c696e65"
            + "2d636174616c6f672c20696e636c756465204f452e2a";

    /**
     * Version 3 bytes of a point at {@link #AT_ROW_CHANGE}'s id: the log as in version 1, the count 17, not finished,
     * the selection, then present, RS_ID, SSN 3, run 2, 1 since.
     */
    private static final String VERSION_3_HEX = "000000010000000000004cb9000000003d5a710000000011284e61aa00000011284e64ef010000000063884b87000000"
            + "00010000000063884b95000001f401002f2f6170702f6f7261636c652f6f7261646174612f617263682f315f31393634"
            + "315f313032393333373334342e6462660100000000000000001100000000114c6f674d696e6572207175657279207631"
            + "010000001630783030303261372e30303030313366352e30306538000000000000000300000000000000020000000000"
            + "000001";

    /** Version 3 bytes of {@link #SELECTED}: its version 2 bytes and "no row change id". */
    private static final String VERSION_3_COUNT_HEX = VERSION_2_HEX + "00";

    /** Version 4 bytes of {@link #AT_ROW_CHANGE}: as version 3 up to the SSN, then 2 since the id's first record. */
    private static final String VERSION_4_HEX = "000000010000000000004cb9000000003d5a710000000011284e61aa00000011284e64ef010000000063884b87000000"
            + "00010000000063884b95000001f401002f2f6170702f6f7261636c652f6f7261646174612f617263682f315f31393634"
            + "315f313032393333373334342e6462660100000000000000001100000000114c6f674d696e6572207175657279207631"
            + "010000001630783030303261372e30303030313366352e3030653800000000000000030000000000000002";

    private final RedoLogSplitSerializer serializer = RedoLogSplitSerializer.INSTANCE;

    @Test
    void roundTripsEveryField() throws IOException {
        assertThat(roundTrip(SPLIT)).isEqualTo(SPLIT);
        assertThat(roundTrip(SELECTED)).isEqualTo(SELECTED);
        assertThat(roundTrip(AT_ROW_CHANGE)).isEqualTo(AT_ROW_CHANGE);
        ArchivedLog sparse = new ArchivedLog(new ThreadSequence(2, 1, 0), Scn.ZERO, Scn.of(1), null, null, null,
                false, true);
        RedoLogSplit fresh = RedoLogSplit.fresh(sparse, ArchivedLogCatalog.ALL_RECORDS);
        assertThat(roundTrip(fresh)).isEqualTo(fresh);
    }

    @Test
    void version1BytesStillRead() throws IOException {
        assertThat(serializer.deserialize(1, HexFormat.of().parseHex(VERSION_1_HEX))).isEqualTo(SPLIT)
                .extracting(RedoLogSplit::recordSelection).isEqualTo(ArchivedLogCatalog.ALL_RECORDS);
    }

    @Test
    void version2BytesStillReadAsACount() throws IOException {
        assertThat(serializer.deserialize(2, HexFormat.of().parseHex(VERSION_2_HEX))).isEqualTo(SELECTED)
                .extracting(split -> split.position().isCount()).isEqualTo(true);
    }

    @Test
    void version3BytesStillReadAsACount() throws IOException {
        assertThat(serializer.deserialize(3, HexFormat.of().parseHex(VERSION_3_HEX))).isEqualTo(AT_ROW_CHANGE_COUNTED);
        assertThat(serializer.deserialize(3, HexFormat.of().parseHex(VERSION_3_COUNT_HEX))).isEqualTo(SELECTED);
    }

    @Test
    void version4BytesAreFrozen() throws IOException {
        assertThat(serializer.getVersion()).isEqualTo(4);
        assertThat(HexFormat.of().formatHex(serializer.serialize(AT_ROW_CHANGE))).isEqualTo(VERSION_4_HEX);
        assertThat(serializer.deserialize(4, HexFormat.of().parseHex(VERSION_4_HEX))).isEqualTo(AT_ROW_CHANGE);
        assertThat(HexFormat.of().formatHex(serializer.serialize(SELECTED))).isEqualTo(VERSION_3_COUNT_HEX);
        assertThat(serializer.deserialize(4, HexFormat.of().parseHex(VERSION_3_COUNT_HEX))).isEqualTo(SELECTED);
    }

    @Test
    void rejectsUnknownVersionsAndTrailingBytes() throws IOException {
        byte[] bytes = serializer.serialize(SPLIT);
        assertThatThrownBy(() -> serializer.deserialize(5, bytes)).hasMessageContaining("unknown RedoLogSplit serializer version 5");
        byte[] longer = java.util.Arrays.copyOf(bytes, bytes.length + 1);
        assertThatThrownBy(() -> serializer.deserialize(4, longer)).hasMessageContaining("1 unexpected trailing bytes");
    }

    @Test
    void splitIdIsTheContentsFileStem() {
        assertThat(SPLIT.splitId()).isEqualTo("1_19641_1029337344");
    }

    private RedoLogSplit roundTrip(RedoLogSplit split) throws IOException {
        return serializer.deserialize(serializer.getVersion(), serializer.serialize(split));
    }
}
