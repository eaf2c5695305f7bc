package io.redocdc.source.enumerator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.event.LogRef;
import io.redocdc.source.model.Scn;
import java.io.IOException;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class EnumeratorStateSerializerTest {

    /** Two RAC threads of reference/oracle/v_archived_log-rac-and-gap-examples.txt, mid-way. */
    private static final EnumeratorState STATE = new EnumeratorState(Scn.of(73688099000L), 1029337344L,
            73690669387L,
            List.of(new ThreadProgress(1, 19640, Scn.of(73690669482L),
                            List.of(new FinishedRun(19642, 19642, Scn.of(73690670319L), Scn.of(73693211872L)))),
                    new ThreadProgress(2, 18700, Scn.of(73690669387L), List.of())),
            List.of(new LogRef(1, 19641, 1029337344L, 73690669482L, 73690670319L),
                    new LogRef(2, 18701, 1029337344L, 73690669387L, 73690670437L)));

    /** Version 1 bytes of {@link #STATE}; a format change must add a version, not change these. */
    private static final String VERSION_1_HEX = "00000011282728b8000000003d5a710000000011284e614b00000002000000010000000000004cb800000011284e61aa"
            + "000000010000000000004cba0000000000004cba00000011284e64ef0000001128752ce000000002000000000000490c"
            + "00000011284e614b0000000000000002000000010000000000004cb9000000003d5a710000000011284e61aa00000011"
            + "284e64ef00000002000000000000490d000000003d5a710000000011284e614b00000011284e6565";

    private final EnumeratorStateSerializer serializer = EnumeratorStateSerializer.INSTANCE;

    @Test
    void roundTrips() throws IOException {
        assertThat(serializer.deserialize(1, serializer.serialize(STATE))).isEqualTo(STATE);
        EnumeratorState initial = EnumeratorState.initial(Scn.ZERO);
        assertThat(serializer.deserialize(1, serializer.serialize(initial))).isEqualTo(initial);
    }

    @Test
    void version1BytesAreFrozen() throws IOException {
        assertThat(serializer.getVersion()).isEqualTo(1);
        assertThat(HexFormat.of().formatHex(serializer.serialize(STATE))).isEqualTo(VERSION_1_HEX);
        assertThat(serializer.deserialize(1, HexFormat.of().parseHex(VERSION_1_HEX))).isEqualTo(STATE);
    }

    @Test
    void rejectsUnknownVersions() {
        assertThatThrownBy(() -> serializer.deserialize(7, new byte[0]))
                .hasMessageContaining("unknown redo-log enumerator state version 7");
    }
}
