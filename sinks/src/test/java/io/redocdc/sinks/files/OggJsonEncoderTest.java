package io.redocdc.sinks.files;

import static io.redocdc.sinks.files.TestLcrs.delete;
import static io.redocdc.sinks.files.TestLcrs.ddl;
import static io.redocdc.sinks.files.TestLcrs.image;
import static io.redocdc.sinks.files.TestLcrs.insert;
import static io.redocdc.sinks.files.TestLcrs.nul;
import static io.redocdc.sinks.files.TestLcrs.position;
import static io.redocdc.sinks.files.TestLcrs.str;
import static io.redocdc.sinks.files.TestLcrs.update;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.ValueKind;
import org.apache.flink.util.InstantiationUtil;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

class OggJsonEncoderTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-30T03:00:00.123456789Z"), ZoneOffset.UTC);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final OggJsonEncoder encoder = new OggJsonEncoder(Map.of("OE.ORDERS", List.of("ID")), CLOCK);

    @Test
    void insertLineHasTheGoldenGateShapeWithNullsQuotesAndUtf8() throws Exception {
        Lcr lcr = insert(1240, 0, 1, 1234,
                str("ID", "1"), str("NOTE", "it's \"x\"\\ \n\tñ€😀"), nul("SHIPPED"),
                new ColumnValue("PHOTO", ValueKind.UNSUPPORTED, null), new ColumnValue("CREATED", ValueKind.DATE,
                        "2026-02-28 13:45:59"));

        String line = EncodedLines.encode(encoder, lcr);

        assertThat(line).isEqualTo("{\"table\":\"OE.ORDERS\",\"op_type\":\"I\",\"op_ts\":\"2026-01-01 10:00:00.000000\","
                + "\"current_ts\":\"2026-11-30T03:00:00.123456\",\"pos\":\"" + position(1240, 0, 1234) + "\","
                + "\"primary_keys\":[\"ID\"],\"tokens\":{\"scn\":\"1234\",\"commit_scn\":\"1240\","
                + "\"xid\":\"0A000C00000004D8\",\"thread\":\"1\",\"rs_id\":\" 0x0002a7.000013f5.00e8 \",\"ssn\":\"0\","
                + "\"txind\":\"3\",\"unsupported_columns\":\"PHOTO\"},\"before\":null,\"after\":{\"ID\":\"1\",\"NOTE\":\"it's \\\"x\\\"\\\\ \\n\\tñ€\\uD83D\\uDE00\","
                + "\"SHIPPED\":null,\"CREATED\":\"2026-02-28 13:45:59\"}}\n");
        // non-ASCII of the BMP goes out as UTF-8 bytes, not \\u escapes
        assertThat(line.getBytes(StandardCharsets.UTF_8)).containsSubsequence("ñ€".getBytes(StandardCharsets.UTF_8));
        assertThat(JSON.readTree(line).at("/after/NOTE").asText()).isEqualTo("it's \"x\"\\ \n\tñ€😀");
    }

    @Test
    void loneSurrogatesStayValidJson() throws Exception {
        String line = EncodedLines.encode(encoder, insert(1240, 0, 1, 1234, str("NOTE", "a\uD83Db\uDE00")));

        assertThat(JSON.readTree(line).at("/after/NOTE").asText()).isEqualTo("a\uD83Db\uDE00");
    }

    @Test
    void updateCarriesBothImagesAndDeleteOnlyTheBefore() throws Exception {
        ColumnValue[] before = image(str("ID", "1"), str("NOTE", "old"));
        ColumnValue[] after = image(str("ID", "1"), nul("NOTE"));
        String lines = EncodedLines.encode(encoder,
                update(1300, 0, 2, 1290, before, after),
                delete(1300, 1, 2, 1295, str("ID", "2"), str("NOTE", "gone")));

        List<JsonNode> nodes = parse(lines);
        assertThat(nodes).hasSize(2);
        JsonNode u = nodes.get(0);
        assertThat(u.get("op_type").asText()).isEqualTo("U");
        assertThat(u.get("before").toString()).isEqualTo("{\"ID\":\"1\",\"NOTE\":\"old\"}");
        assertThat(u.get("after").toString()).isEqualTo("{\"ID\":\"1\",\"NOTE\":null}");
        JsonNode d = nodes.get(1);
        assertThat(d.get("op_type").asText()).isEqualTo("D");
        assertThat(d.get("before").toString()).isEqualTo("{\"ID\":\"2\",\"NOTE\":\"gone\"}");
        assertThat(d.get("after").isNull()).isTrue();
        assertThat(d.at("/tokens/scn").asText()).isEqualTo("1295");
        assertThat(d.get("pos").asText()).isEqualTo(position(1300, 1, 1295));
    }

    @Test
    void fieldsAndTokensComeInGoldenGateOrderAsStrings() throws Exception {
        JsonNode node = parse(EncodedLines.encode(encoder, insert(1240, 0, 1, 1234, str("ID", "1")))).get(0);

        assertThat(fieldNames(node)).containsExactly("table", "op_type", "op_ts", "current_ts", "pos",
                "primary_keys", "tokens", "before", "after");
        assertThat(fieldNames(node.get("tokens")))
                .containsExactly("scn", "commit_scn", "xid", "thread", "rs_id", "ssn", "txind");
        node.get("tokens").forEach(token -> assertThat(token.isTextual()).isTrue());
    }

    @Test
    void aChangeFromAPdbNamesItInTheTokens() throws Exception {
        JsonNode node = parse(EncodedLines.encode(encoder,
                TestLcrs.inContainer(insert(1240, 0, 1, 1234, str("ID", "1")), "ORCLPDB1"))).get(0);

        assertThat(fieldNames(node.get("tokens")))
                .containsExactly("scn", "commit_scn", "xid", "thread", "rs_id", "ssn", "txind", "src_con_name");
        assertThat(node.at("/tokens/src_con_name").asText()).isEqualTo("ORCLPDB1");
    }

    @Test
    void txindMarksFirstMiddleLastAndOnly() throws Exception {
        List<Lcr> txn = new ArrayList<>();
        IntStream.range(0, 4).forEach(i -> txn.add(insert(1500, i, 4, 1490 + i, str("ID", "" + i))));
        txn.add(insert(1600, 0, 1, 1599, str("ID", "9")));

        List<String> txinds = parse(EncodedLines.encode(encoder, txn).toString(StandardCharsets.UTF_8)).stream()
                .map(n -> n.at("/tokens/txind").asText()).toList();

        assertThat(txinds).containsExactly("0", "1", "1", "2", "3");
    }

    @Test
    void unknownTablesGetEmptyPrimaryKeys() throws Exception {
        OggJsonEncoder noKeys = new OggJsonEncoder(Map.of("OE.OTHER", List.of("X")), CLOCK);

        JsonNode node = parse(EncodedLines.encode(noKeys, insert(1240, 0, 1, 1234, str("ID", "1")))).get(0);

        assertThat(node.get("primary_keys").toString()).isEqualTo("[]");
    }

    @Test
    void writesOneLinePerRecordWithoutClosingOrFlushingTheStream() throws Exception {
        EncodedLines out = EncodedLines.encode(encoder, List.of(
                insert(1240, 0, 2, 1234, str("ID", "1")), insert(1240, 1, 2, 1235, str("ID", "2"))));

        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(text).endsWith("\n");
        assertThat(text.split("\n")).hasSize(2).allSatisfy(line -> assertThat(line).startsWith("{").endsWith("}"));
        assertThat(out.closed).isFalse();
        assertThat(out.flushes).isZero();
    }

    @Test
    void rejectsDdl() {
        assertThatThrownBy(() -> EncodedLines.encode(encoder, ddl(1700, 1699, "drop table X")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("DDL")
                .hasMessageContaining(position(1700, 0, 1699));
    }

    @Test
    void survivesJavaSerializationAsFlinkShipsIt() throws Exception {
        OggJsonEncoder copy = InstantiationUtil.clone(encoder);
        Lcr lcr = insert(1240, 0, 1, 1234, str("ID", "1"));

        assertThat(EncodedLines.encode(copy, lcr)).isEqualTo(EncodedLines.encode(encoder, lcr));
    }

    static List<JsonNode> parse(String lines) throws Exception {
        List<JsonNode> nodes = new ArrayList<>();
        for (String line : lines.split("\n")) {
            nodes.add(JSON.readTree(line));
        }
        return nodes;
    }

    static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
