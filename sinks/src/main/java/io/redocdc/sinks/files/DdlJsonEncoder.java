package io.redocdc.sinks.files;

import com.fasterxml.jackson.core.JsonGenerator;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;

import java.io.IOException;
import java.time.Clock;

/**
 * The DDL output, one DDL LCR per line, in the same format whichever data format is chosen:
 * {@code {"pos":"...","scn":"1234","commit_scn":"1240","xid":"...","table":"OE.ORDERS","ddl":"alter table ...",
 * "op_ts":"2026-01-01 10:00:00.000000"}}. SCNs are strings as in ogg-json's tokens.
 */
public final class DdlJsonEncoder extends LcrJsonEncoder {

    private static final long serialVersionUID = 1L;

    public DdlJsonEncoder() {
        // DDL lines carry no processing time, so the clock is never read
        super(Clock.systemUTC());
    }

    @Override
    protected void writeObject(Lcr lcr, JsonGenerator json) throws IOException {
        if (lcr.command() != LcrCommand.DDL) {
            throw new IllegalArgumentException("DDL files take DDL LCRs only; got " + lcr.command() + " of "
                    + lcr.qualifiedTable() + " at position " + lcr.position());
        }
        json.writeStartObject();
        json.writeStringField("pos", requirePosition(lcr));
        json.writeStringField("scn", Long.toString(lcr.scn()));
        json.writeStringField("commit_scn", Long.toString(lcr.commitScn()));
        writeStringOrNull(json, "xid", lcr.xid());
        writeStringOrNull(json, "table", qualifiedTableOrNull(lcr));
        writeStringOrNull(json, "ddl", lcr.ddlText());
        writeStringOrNull(json, "op_ts", UtcTimes.opTs(lcr.sourceTime()));
        json.writeEndObject();
    }

    /** Some DDL (e.g. CREATE USER) has no table; keep "null" out of the output then. */
    private static String qualifiedTableOrNull(Lcr lcr) {
        if (lcr.table() == null) {
            return lcr.owner();
        }
        return lcr.owner() == null ? lcr.table() : lcr.qualifiedTable();
    }
}
