package io.redocdc.sinks.files;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.ValueKind;
import org.apache.flink.api.common.serialization.Encoder;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Clock;
import java.util.Objects;

/**
 * Writes one LCR as one line of JSON with Jackson's streaming generator (no object tree per row). Subclasses
 * write the object; this class owns the generator, the trailing newline and the processing-time clock.
 *
 * <p>Text is UTF-8; characters outside the Basic Multilingual Plane are written as a surrogate pair
 * of JSON u-escapes (valid JSON that every reader decodes). Jackson 2.18's COMBINE_UNICODE_SURROGATES_IN_UTF8 would
 * write them as 4 raw bytes but corrupts a lone surrogate followed by a character, which bad source data can
 * contain, so it stays off.
 *
 * <p>The generator neither closes nor flushes the part file's stream: the FileSink decides when bytes are
 * persisted (on checkpoint), and flushing per row would cost a system call per row on object stores.
 */
public abstract class LcrJsonEncoder implements Encoder<Lcr> {

    private static final long serialVersionUID = 1L;

    private final Clock clock;
    private transient JsonFactory jsonFactory;

    protected LcrJsonEncoder(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public final void encode(Lcr lcr, OutputStream stream) throws IOException {
        try (JsonGenerator json = jsonFactory().createGenerator(stream, JsonEncoding.UTF8)) {
            writeObject(lcr, json);
            json.writeRaw('\n');
        }
    }

    /** Writes the LCR as one JSON object. */
    protected abstract void writeObject(Lcr lcr, JsonGenerator json) throws IOException;

    /** Processing wall clock, for current_ts and ts_ms: the only output that differs between runs. */
    protected final Clock clock() {
        return clock;
    }

    /**
     * {@code {"COL":"text",...}}, or JSON null when the image is absent. NULL is null; an UNSUPPORTED column is
     * left out (its value is unknown, not null) and named in the LCR's unsupported columns.
     */
    protected static void writeImage(JsonGenerator json, String field, ColumnValue[] image) throws IOException {
        if (image == null) {
            json.writeNullField(field);
            return;
        }
        json.writeObjectFieldStart(field);
        for (ColumnValue value : image) {
            if (value.kind() != ValueKind.UNSUPPORTED) {
                writeStringOrNull(json, value.name(), value.text());
            }
        }
        json.writeEndObject();
    }

    /**
     * {@code "src_con_name":"PDB"}, named after V$LOGMNR_CONTENTS.SRC_CON_NAME, when the LCR has a container; nothing
     * otherwise, so the output of a non-CDB stays as it was.
     */
    protected static void writeContainer(Lcr lcr, JsonGenerator json) throws IOException {
        if (lcr.container() != null) {
            json.writeStringField("src_con_name", lcr.container());
        }
    }

    protected static void writeStringOrNull(JsonGenerator json, String field, String text) throws IOException {
        if (text == null) {
            json.writeNullField(field);
        } else {
            json.writeStringField(field, text);
        }
    }

    /** The LCR's position as the output shows it; every line must carry one. */
    protected static String requirePosition(Lcr lcr) {
        if (lcr.position() == null) {
            throw new IllegalArgumentException("LCR of " + lcr.qualifiedTable() + " at SCN " + lcr.scn()
                    + " (XID " + lcr.xid() + ") has no position");
        }
        return lcr.position();
    }

    private JsonFactory jsonFactory() {
        if (jsonFactory == null) {
            jsonFactory = JsonFactory.builder()
                    .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
                    .disable(StreamWriteFeature.FLUSH_PASSED_TO_STREAM)
                    .build();
        }
        return jsonFactory;
    }
}
