package io.redocdc.sinks.files;

import static io.redocdc.sinks.files.OggJsonEncoderTest.fieldNames;
import static io.redocdc.sinks.files.OggJsonEncoderTest.parse;
import static io.redocdc.sinks.files.TestLcrs.ddl;
import static io.redocdc.sinks.files.TestLcrs.delete;
import static io.redocdc.sinks.files.TestLcrs.image;
import static io.redocdc.sinks.files.TestLcrs.insert;
import static io.redocdc.sinks.files.TestLcrs.nul;
import static io.redocdc.sinks.files.TestLcrs.position;
import static io.redocdc.sinks.files.TestLcrs.str;
import static io.redocdc.sinks.files.TestLcrs.update;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.redocdc.operators.lcr.Lcr;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

class DebeziumJsonEncoderTest {

    private static final Instant NOW = Instant.parse("2026-11-30T03:00:00.123456Z");
    private final DebeziumJsonEncoder encoder = new DebeziumJsonEncoder(Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void insertIsAnEnvelopeWithOpCAndOracleSourceFields() throws Exception {
        String line = EncodedLines.encode(encoder, insert(1240, 0, 1, 1234, str("ID", "1"), nul("NOTE")));

        assertThat(line).isEqualTo("{\"before\":null,\"after\":{\"ID\":\"1\",\"NOTE\":null},"
                + "\"source\":{\"db\":\"ORCL\",\"schema\":\"OE\",\"table\":\"ORDERS\",\"txId\":\"0A000C00000004D8\","
                + "\"scn\":\"1234\",\"commit_scn\":\"1240\",\"lcr_position\":\"" + position(1240, 0, 1234) + "\","
                + "\"rs_id\":\" 0x0002a7.000013f5.00e8 \",\"ssn\":0,\"redo_thread\":1,"
                + "\"ts_ms\":" + Instant.parse("2026-01-01T10:00:00Z").toEpochMilli() + "},"
                + "\"op\":\"c\",\"ts_ms\":" + NOW.toEpochMilli() + "}\n");
    }

    @Test
    void aChangeFromAPdbNamesItInTheSource() throws Exception {
        JsonNode source = parse(EncodedLines.encode(encoder,
                TestLcrs.inContainer(insert(1240, 0, 1, 1234, str("ID", "1")), "ORCLPDB1"))).get(0).get("source");

        assertThat(source.get("db").asText()).isEqualTo("ORCL");
        assertThat(source.get("src_con_name").asText()).isEqualTo("ORCLPDB1");
    }

    @Test
    void updateAndDeleteCarryTheirImages() throws Exception {
        List<JsonNode> nodes = parse(EncodedLines.encode(encoder,
                update(1300, 0, 2, 1290, image(str("ID", "1"), str("NOTE", "a")), image(str("ID", "1"), str("NOTE", "é"))),
                delete(1300, 1, 2, 1295, str("ID", "2"), nul("NOTE"))));

        assertThat(nodes.get(0).get("op").asText()).isEqualTo("u");
        assertThat(nodes.get(0).get("before").toString()).isEqualTo("{\"ID\":\"1\",\"NOTE\":\"a\"}");
        assertThat(nodes.get(0).get("after").toString()).isEqualTo("{\"ID\":\"1\",\"NOTE\":\"é\"}");
        assertThat(nodes.get(1).get("op").asText()).isEqualTo("d");
        assertThat(nodes.get(1).get("before").toString()).isEqualTo("{\"ID\":\"2\",\"NOTE\":null}");
        assertThat(nodes.get(1).get("after").isNull()).isTrue();
        assertThat(fieldNames(nodes.get(1))).containsExactly("before", "after", "source", "op", "ts_ms");
    }

    @Test
    void rejectsDdlAndMalformedSourceTime() {
        assertThatThrownBy(() -> EncodedLines.encode(encoder, ddl(1700, 1699, "drop table X")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("DDL");
        Lcr bad = insert(1240, 0, 1, 1234, str("ID", "1"));
        Lcr badTime = new Lcr(bad.sourceDatabase(), bad.container(), bad.owner(), bad.table(), bad.command(),
                bad.xid(), bad.scn(), bad.commitScn(), bad.thread(), bad.rsId(), bad.ssn(), "01-JAN-26",
                bad.oldValues(), bad.newValues(), null, 0, true, bad.position());
        assertThatThrownBy(() -> EncodedLines.encode(encoder, badTime))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'01-JAN-26'");
    }
}
