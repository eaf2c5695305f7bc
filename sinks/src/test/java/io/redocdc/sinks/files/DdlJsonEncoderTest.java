package io.redocdc.sinks.files;

import static io.redocdc.sinks.files.TestLcrs.ddl;
import static io.redocdc.sinks.files.TestLcrs.insert;
import static io.redocdc.sinks.files.TestLcrs.position;
import static io.redocdc.sinks.files.TestLcrs.str;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DdlJsonEncoderTest {

    private final DdlJsonEncoder encoder = new DdlJsonEncoder();

    @Test
    void writesOneDdlLine() throws Exception {
        String line = EncodedLines.encode(encoder, ddl(1700, 1699, "alter table \"OE\".\"ORDERS\" add (X NUMBER)"));

        assertThat(line).isEqualTo("{\"pos\":\"" + position(1700, 0, 1699) + "\",\"scn\":\"1699\","
                + "\"commit_scn\":\"1700\",\"xid\":\"0A000C00000006A4\",\"table\":\"OE.ORDERS\","
                + "\"ddl\":\"alter table \\\"OE\\\".\\\"ORDERS\\\" add (X NUMBER)\","
                + "\"op_ts\":\"2026-01-01 10:05:00.000000\"}\n");
    }

    @Test
    void rejectsRowLcrs() {
        assertThatThrownBy(() -> EncodedLines.encode(encoder, insert(1240, 0, 1, 1234, str("ID", "1"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("INSERT of OE.ORDERS");
    }
}
