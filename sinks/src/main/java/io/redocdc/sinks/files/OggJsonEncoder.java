package io.redocdc.sinks.files;

import com.fasterxml.jackson.core.JsonGenerator;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;

import java.io.IOException;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * GoldenGate's JSON row format as Flink SQL's {@code ogg-json} reads it, one row LCR per line:
 * <pre>
 * {"table":"OE.ORDERS","op_type":"U","op_ts":"2026-01-01 10:00:00.000000","current_ts":"2026-11-30T03:00:00.123456",
 *  "pos":"...","primary_keys":["ID"],"tokens":{"scn":"1234","commit_scn":"1240","xid":"0A000C003C020000",
 *  "thread":"1","rs_id":" 0x0002a7.000013f5.00e8 ","ssn":"0","txind":"0"},"before":{...},"after":{...}}
 * </pre>
 * In a CDB the tokens also hold {@code src_con_name}, the PDB the change comes from (V$LOGMNR_CONTENTS.SRC_CON_NAME).
 * Values are JSON strings exactly as {@code ColumnValue.text} (null for NULL and unsupported types);
 * {@code before} is null for inserts and {@code after} is null for deletes. DDL LCRs are rejected: Flink's
 * reader fails on them, so they belong in the DDL output ({@link DdlJsonEncoder}).
 */
public final class OggJsonEncoder extends LcrJsonEncoder {

    private static final long serialVersionUID = 1L;

    private final Map<String, List<String>> primaryKeys;
    private transient UtcTimes.CurrentTs currentTs;

    /** @param primaryKeys key columns by {@code OWNER.TABLE}; tables not listed get {@code []} */
    public OggJsonEncoder(Map<String, List<String>> primaryKeys) {
        this(primaryKeys, Clock.systemUTC());
    }

    public OggJsonEncoder(Map<String, List<String>> primaryKeys, Clock clock) {
        super(clock);
        this.primaryKeys = FileSinkOptions.copyPrimaryKeys(primaryKeys);
    }

    @Override
    protected void writeObject(Lcr lcr, JsonGenerator json) throws IOException {
        LcrCommand command = lcr.command();
        if (!command.isRow()) {
            throw new IllegalArgumentException("ogg-json data files take row LCRs only; got " + command
                    + " of " + lcr.qualifiedTable() + " at position " + lcr.position());
        }
        String table = lcr.qualifiedTable();
        json.writeStartObject();
        json.writeStringField("table", table);
        json.writeStringField("op_type", command.opType());
        writeStringOrNull(json, "op_ts", UtcTimes.opTs(lcr.sourceTime()));
        json.writeStringField("current_ts", currentTs().format(clock().instant()));
        json.writeStringField("pos", requirePosition(lcr));
        writePrimaryKeys(json, primaryKeys.getOrDefault(table, List.of()));
        writeTokens(lcr, json);
        writeImage(json, "before", command == LcrCommand.INSERT ? null : lcr.oldValues());
        writeImage(json, "after", command == LcrCommand.DELETE ? null : lcr.newValues());
        json.writeEndObject();
    }

    private UtcTimes.CurrentTs currentTs() {
        if (currentTs == null) {
            currentTs = new UtcTimes.CurrentTs();
        }
        return currentTs;
    }

    private static void writePrimaryKeys(JsonGenerator json, List<String> columns) throws IOException {
        json.writeArrayFieldStart("primary_keys");
        for (String column : columns) {
            json.writeString(column);
        }
        json.writeEndArray();
    }

    /** GoldenGate writes every token as a string. */
    private static void writeTokens(Lcr lcr, JsonGenerator json) throws IOException {
        json.writeObjectFieldStart("tokens");
        json.writeStringField("scn", Long.toString(lcr.scn()));
        json.writeStringField("commit_scn", Long.toString(lcr.commitScn()));
        writeStringOrNull(json, "xid", lcr.xid());
        json.writeStringField("thread", Integer.toString(lcr.thread()));
        writeStringOrNull(json, "rs_id", lcr.rsId());
        json.writeStringField("ssn", Long.toString(lcr.ssn()));
        json.writeStringField("txind", Integer.toString(lcr.transInd()));
        writeContainer(lcr, json);
        List<String> unsupported = lcr.unsupportedColumns();
        if (!unsupported.isEmpty()) {
            json.writeStringField("unsupported_columns", String.join(",", unsupported));
        }
        json.writeEndObject();
    }
}
