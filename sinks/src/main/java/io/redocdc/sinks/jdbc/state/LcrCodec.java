package io.redocdc.sinks.jdbc.state;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.operators.lcr.ValueKind;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * An explicit, frozen binary form of {@link Lcr} for the writer state of {@link JdbcWriterStateSerializer}:
 * independent of Flink's POJO serializer so that the state stays readable when Lcr gains fields. Strings are
 * length-prefixed UTF-8 (-1 for null), so LOB text of any size fits. Version 2 adds the container after the source
 * database; version 1 reads with none.
 */
final class LcrCodec {

    private LcrCodec() {
    }

    /** Writes the current version, {@link JdbcWriterStateSerializer#VERSION_2}. */
    static void write(Lcr lcr, DataOutput out) throws IOException {
        writeString(out, lcr.sourceDatabase());
        writeString(out, lcr.container());
        writeString(out, lcr.owner());
        writeString(out, lcr.table());
        writeString(out, lcr.command().name());
        writeString(out, lcr.xid());
        out.writeLong(lcr.scn());
        out.writeLong(lcr.commitScn());
        out.writeInt(lcr.thread());
        writeString(out, lcr.rsId());
        out.writeLong(lcr.ssn());
        writeString(out, lcr.sourceTime());
        writeValues(out, lcr.oldValues());
        writeValues(out, lcr.newValues());
        writeString(out, lcr.ddlText());
        out.writeInt(lcr.ordinal());
        out.writeBoolean(lcr.lastInTransaction());
        writeString(out, lcr.position());
    }

    static Lcr read(DataInput in, int version) throws IOException {
        String sourceDatabase = readString(in);
        String container = version >= JdbcWriterStateSerializer.VERSION_2 ? readString(in) : null;
        return new Lcr(sourceDatabase, container, readString(in), readString(in), LcrCommand.valueOf(readString(in)),
                readString(in), in.readLong(), in.readLong(), in.readInt(), readString(in), in.readLong(),
                readString(in), readValues(in), readValues(in), readString(in), in.readInt(), in.readBoolean(),
                readString(in));
    }

    private static void writeValues(DataOutput out, ColumnValue[] values) throws IOException {
        if (values == null) {
            out.writeInt(-1);
            return;
        }
        out.writeInt(values.length);
        for (ColumnValue value : values) {
            writeString(out, value.name());
            writeString(out, value.kind().name());
            writeString(out, value.text());
        }
    }

    private static ColumnValue[] readValues(DataInput in) throws IOException {
        int length = in.readInt();
        if (length < 0) {
            return null;
        }
        ColumnValue[] values = new ColumnValue[length];
        for (int i = 0; i < length; i++) {
            values[i] = new ColumnValue(readString(in), ValueKind.valueOf(readString(in)), readString(in));
        }
        return values;
    }

    private static void writeString(DataOutput out, String text) throws IOException {
        if (text == null) {
            out.writeInt(-1);
            return;
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String readString(DataInput in) throws IOException {
        int length = in.readInt();
        if (length < 0) {
            return null;
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
