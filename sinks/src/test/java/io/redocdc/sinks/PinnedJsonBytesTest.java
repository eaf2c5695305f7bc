package io.redocdc.sinks;

import static io.redocdc.sinks.jdbc.testing.Transactions.image;
import static io.redocdc.sinks.jdbc.testing.Transactions.nul;
import static io.redocdc.sinks.jdbc.testing.Transactions.typed;
import static io.redocdc.sinks.jdbc.testing.Transactions.v;
import static io.redocdc.sinks.jdbc.testing.Transactions.xid;
import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.operators.lcr.Position;
import io.redocdc.operators.lcr.ValueKind;
import io.redocdc.sinks.files.DebeziumJsonEncoder;
import io.redocdc.sinks.files.OggJsonEncoder;
import io.redocdc.sinks.jdbc.errors.LcrJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.serialization.Encoder;
import org.junit.jupiter.api.Test;

/**
 * The exact bytes of ogg-json and debezium-json lines and of the error table's LCR_JSON, pinned in
 * {@code src/test/resources/pinned-json} as this build wrote them, for representative LCRs: insert, update,
 * delete, LOB values, unsupported columns, a PDB container, NULLs and absent images, Unicode (outside the BMP,
 * line separators, control characters) and DDL. A change to how these are written (a library in place of
 * hand-written mapping, say) must leave them byte for byte the same. On a mismatch the actual bytes are written
 * to {@code target/pinned-json} for comparison.
 */
class PinnedJsonBytesTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-30T03:00:00.123456789Z"), ZoneOffset.UTC);

    @Test
    void oggJsonLinesAreUnchanged() throws IOException {
        OggJsonEncoder encoder = new OggJsonEncoder(Map.of("OE.ORDERS", List.of("ID"), "OE.DOCS", List.of("ID", "V")),
                CLOCK);
        assertPinned("ogg-json.jsonl", encode(encoder, rowLcrs()));
    }

    @Test
    void debeziumJsonLinesAreUnchanged() throws IOException {
        assertPinned("debezium-json.jsonl", encode(new DebeziumJsonEncoder(CLOCK), rowLcrs()));
    }

    @Test
    void errorTableLcrJsonIsUnchanged() throws IOException {
        StringBuilder lines = new StringBuilder();
        for (Lcr lcr : allLcrs()) {
            lines.append(LcrJson.write(lcr)).append('\n');
        }
        assertPinned("lcr-json.jsonl", lines.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static List<Lcr> rowLcrs() {
        return allLcrs().stream().filter(lcr -> lcr.command().isRow()).toList();
    }

    private static List<Lcr> allLcrs() {
        String unicode = "é 中文 😀 \"quoted\" back\\slash tab\t newline\n line\u2028separator \u0001 end";
        return List.of(
                lcr(LcrCommand.INSERT, null, 100, 0, false, null,
                        image(v("ID", "1"), v("NAME", unicode), nul("NOTE"), typed("AT", ValueKind.DATE,
                                "2026-03-29 01:30:00"), typed("TS", ValueKind.TIMESTAMP_TZ,
                                "2026-03-29 01:30:00.5 +05:30"), typed("BYTES", ValueKind.RAW, "0AFF"))),
                lcr(LcrCommand.UPDATE, null, 100, 1, false,
                        image(v("ID", "1"), v("NAME", "old"), typed("GEO", ValueKind.UNSUPPORTED, null)),
                        image(v("ID", "1"), v("NAME", "new"), typed("GEO", ValueKind.UNSUPPORTED, null),
                                typed("SPAN", ValueKind.INTERVAL_DS, "+01 02:03:04.500000"))),
                lcr(LcrCommand.DELETE, null, 100, 2, true, image(v("ID", "1"), nul("NAME")), image()),
                lcr(LcrCommand.INSERT, "ORCLPDB1", 101, 0, false, image(),
                        image(v("ID", "7"), v("V", "1"), v("BODY", "x".repeat(5000) + " LOB text ✓"),
                                typed("PIC", ValueKind.EMPTY_BLOB, ""), typed("DOC", ValueKind.EMPTY_CLOB, ""))),
                lcr(LcrCommand.UPDATE, "ORCLPDB1", 101, 1, false, image(v("ID", "7"), v("V", "1")),
                        image(v("ID", "7"), v("V", "2"), typed("YM", ValueKind.INTERVAL_YM, "+02-03"))),
                lcr(LcrCommand.DELETE, "ORCLPDB1", 101, 2, true, image(v("ID", "7"), v("V", "2")), null),
                ddl(102, "alter table \"OE\".\"DOCS\" add (x varchar2(5) default 'a\"b ✓')"));
    }

    private static Lcr lcr(LcrCommand command, String container, long commitScn, int ordinal, boolean last,
                           ColumnValue[] before, ColumnValue[] after) {
        String table = container == null ? "ORDERS" : "DOCS";
        long scn = commitScn * 10 + ordinal;
        return new Lcr("ORCL", container, "OE", table, command, xid(commitScn), scn, commitScn, 1 + ordinal % 2,
                " 0x0002a7.000013f5.00e8 ", ordinal, "2026-01-01 10:00:0" + ordinal, before, after, null, ordinal,
                last, Position.of(commitScn, 1, 42, commitScn, ordinal, scn).toHex());
    }

    private static Lcr ddl(long commitScn, String text) {
        return new Lcr("ORCL", null, "OE", "DOCS", LcrCommand.DDL, xid(commitScn), commitScn * 10, commitScn, 1,
                null, 0, null, new ColumnValue[0], new ColumnValue[0], text, 0, true,
                Position.of(commitScn, 1, 42, commitScn, 0, commitScn * 10).toHex());
    }

    private static byte[] encode(Encoder<Lcr> encoder, List<Lcr> lcrs) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Lcr lcr : lcrs) {
            encoder.encode(lcr, out);
        }
        return out.toByteArray();
    }

    private static void assertPinned(String name, byte[] actual) throws IOException {
        byte[] pinned;
        try (InputStream in = PinnedJsonBytesTest.class.getResourceAsStream("/pinned-json/" + name)) {
            pinned = in == null ? null : in.readAllBytes();
        }
        if (pinned == null || !Arrays.equals(pinned, actual)) {
            Path written = Path.of("target", "pinned-json", name);
            Files.createDirectories(written.getParent());
            Files.write(written, actual);
        }
        assertThat(pinned).as("src/test/resources/pinned-json/%s (this run's bytes are in target/pinned-json)", name)
                .isNotNull();
        assertThat(new String(actual, StandardCharsets.UTF_8)).as("pinned-json/%s", name)
                .isEqualTo(new String(pinned, StandardCharsets.UTF_8));
        assertThat(actual).as("pinned-json/%s, byte for byte", name).isEqualTo(pinned);
    }
}
