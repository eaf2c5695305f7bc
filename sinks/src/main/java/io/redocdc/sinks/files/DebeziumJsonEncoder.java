package io.redocdc.sinks.files;

import com.fasterxml.jackson.core.JsonGenerator;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;

import java.io.IOException;
import java.time.Clock;

/**
 * Debezium's change event envelope (without the schema part) as Flink SQL's {@code debezium-json} reads it,
 * one row LCR per line:
 * <pre>
 * {"before":{...},"after":{...},"source":{"db":"ORCL","schema":"OE","table":"ORDERS","txId":"0A000C003C020000",
 *  "scn":"1234","commit_scn":"1240","lcr_position":"...","rs_id":"...","ssn":0,"redo_thread":1,
 *  "ts_ms":1767261600000},"op":"u","ts_ms":1796007600123}
 * </pre>
 * Source field names are those of Debezium's Oracle connector ({@code lcr_position} carries the position), plus
 * {@code src_con_name}, the PDB, when the redo names one;
 * {@code source.ts_ms} is the redo TIMESTAMP read as UTC, the top-level {@code ts_ms} the processing time.
 */
public final class DebeziumJsonEncoder extends LcrJsonEncoder {

    private static final long serialVersionUID = 1L;

    /** Consecutive LCRs mostly share the redo second: parse each source time once. */
    private transient String lastSourceTime;
    private transient long lastSourceMillis;

    public DebeziumJsonEncoder() {
        this(Clock.systemUTC());
    }

    public DebeziumJsonEncoder(Clock clock) {
        super(clock);
    }

    @Override
    protected void writeObject(Lcr lcr, JsonGenerator json) throws IOException {
        LcrCommand command = lcr.command();
        json.writeStartObject();
        writeImage(json, "before", command == LcrCommand.INSERT ? null : lcr.oldValues());
        writeImage(json, "after", command == LcrCommand.DELETE ? null : lcr.newValues());
        writeSource(lcr, json);
        json.writeStringField("op", op(lcr));
        json.writeNumberField("ts_ms", clock().millis());
        json.writeEndObject();
    }

    private void writeSource(Lcr lcr, JsonGenerator json) throws IOException {
        json.writeObjectFieldStart("source");
        writeStringOrNull(json, "db", lcr.sourceDatabase());
        writeStringOrNull(json, "schema", lcr.owner());
        writeStringOrNull(json, "table", lcr.table());
        writeStringOrNull(json, "txId", lcr.xid());
        json.writeStringField("scn", Long.toString(lcr.scn()));
        json.writeStringField("commit_scn", Long.toString(lcr.commitScn()));
        json.writeStringField("lcr_position", requirePosition(lcr));
        writeStringOrNull(json, "rs_id", lcr.rsId());
        json.writeNumberField("ssn", lcr.ssn());
        json.writeNumberField("redo_thread", lcr.thread());
        if (lcr.sourceTime() == null) {
            json.writeNullField("ts_ms");
        } else {
            json.writeNumberField("ts_ms", sourceMillis(lcr.sourceTime()));
        }
        writeContainer(lcr, json);
        json.writeEndObject();
    }

    private static String op(Lcr lcr) {
        return switch (lcr.command()) {
            case INSERT -> "c";
            case UPDATE -> "u";
            case DELETE -> "d";
            case DDL -> throw new IllegalArgumentException("debezium-json data files take row LCRs only; got DDL of "
                    + lcr.qualifiedTable() + " at position " + lcr.position());
        };
    }

    private long sourceMillis(String sourceTime) {
        if (!sourceTime.equals(lastSourceTime)) {
            lastSourceMillis = UtcTimes.epochMillis(sourceTime);
            lastSourceTime = sourceTime;
        }
        return lastSourceMillis;
    }
}
