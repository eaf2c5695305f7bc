package io.redocdc.source.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.model.ArchivedLog;
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
    private static final RedoLogSplit SPLIT = new RedoLogSplit(LOG, 17, true);
    private static final RedoLogSplit SELECTED = new RedoLogSplit(LOG, 17, false, "dictionary online-catalog, include OE.*");

    /** Version 1 bytes of {@link #SPLIT}; a format change must add a version, not change these. */
    private static final String VERSION_1_HEX = "000000010000000000004cb9000000003d5a710000000011284e61aa00000011284e64ef010000000063884b87000000"
            + "00010000000063884b95000001f401002f2f6170702f6f7261636c652f6f7261646174612f617263682f315f31393634"
            + "315f313032393333373334342e6462660100000000000000001101";

    /** Version 2 bytes of {@link #SELECTED}. */
    private static final String VERSION_2_HEX = "000000010000000000004cb9000000003d5a710000000011284e61aa00000011284e64ef010000000063884b87000000"
            + "00010000000063884b95000001f401002f2f6170702f6f7261636c652f6f7261646174612f617263682f315f31393634"
            + "315f313032393333373334342e64626601000000000000000011000000002764696374696f6e617279206f6e6c696e65"
            + "2d636174616c6f672c20696e636c756465204f452e2a";

    private final RedoLogSplitSerializer serializer = RedoLogSplitSerializer.INSTANCE;

    @Test
    void roundTripsEveryField() throws IOException {
        assertThat(roundTrip(SPLIT)).isEqualTo(SPLIT);
        assertThat(roundTrip(SELECTED)).isEqualTo(SELECTED);
        ArchivedLog sparse = new ArchivedLog(new ThreadSequence(2, 1, 0), Scn.ZERO, Scn.of(1), null, null, null,
                false, true);
        assertThat(roundTrip(new RedoLogSplit(sparse, 0, false))).isEqualTo(new RedoLogSplit(sparse, 0, false));
    }

    @Test
    void version1BytesStillRead() throws IOException {
        assertThat(serializer.deserialize(1, HexFormat.of().parseHex(VERSION_1_HEX))).isEqualTo(SPLIT)
                .extracting(RedoLogSplit::recordSelection).isEqualTo(ArchivedLogCatalog.ALL_RECORDS);
    }

    @Test
    void version2BytesAreFrozen() throws IOException {
        assertThat(serializer.getVersion()).isEqualTo(2);
        assertThat(HexFormat.of().formatHex(serializer.serialize(SELECTED))).isEqualTo(VERSION_2_HEX);
        assertThat(serializer.deserialize(2, HexFormat.of().parseHex(VERSION_2_HEX))).isEqualTo(SELECTED);
    }

    @Test
    void rejectsUnknownVersionsAndTrailingBytes() throws IOException {
        byte[] bytes = serializer.serialize(SPLIT);
        assertThatThrownBy(() -> serializer.deserialize(3, bytes)).hasMessageContaining("unknown RedoLogSplit serializer version 3");
        byte[] longer = java.util.Arrays.copyOf(bytes, bytes.length + 1);
        assertThatThrownBy(() -> serializer.deserialize(2, longer)).hasMessageContaining("1 unexpected trailing bytes");
    }

    @Test
    void splitIdIsTheContentsFileStem() {
        assertThat(SPLIT.splitId()).isEqualTo("1_19641_1029337344");
    }

    private RedoLogSplit roundTrip(RedoLogSplit split) throws IOException {
        return serializer.deserialize(serializer.getVersion(), serializer.serialize(split));
    }
}
