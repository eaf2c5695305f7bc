package io.redocdc.operators.lcr;

import io.redocdc.common.flink.StreamRecordSerializer;
import io.redocdc.common.flink.StreamStrings;
import io.redocdc.common.flink.StreamTypeInfo;
import java.io.IOException;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * {@link Lcr}s from the assemblers to the sequencer and on to the sinks (and the JDBC sink's spill files): fields in
 * declaration order, strings as {@link StreamStrings} (null-aware, bulk-copied), enums by ordinal (-1 for null),
 * images as a count (-1 for null) and (name, kind, text) per value. Copies get their own image arrays, since arrays
 * are mutable; the values in them are immutable and shared. Not used for state: the sequencer's buffer keeps the
 * POJO serializer, so savepoints do not change, and the JDBC writer's state has its own frozen codec (LcrCodec).
 * Only records in flight and spill files of a running task use this layout.
 */
public final class LcrSerializer extends StreamRecordSerializer<Lcr> {

    private static final long serialVersionUID = 1L;

    public static final LcrSerializer INSTANCE = new LcrSerializer();

    /** The type of the assembler's and the sequencer's output. */
    public static final TypeInformation<Lcr> TYPE = new StreamTypeInfo<>(Lcr.class, INSTANCE);

    private static final LcrCommand[] COMMANDS = LcrCommand.values();
    private static final ValueKind[] KINDS = ValueKind.values();

    @Override
    public boolean isImmutableType() {
        return false;
    }

    @Override
    public Lcr createInstance() {
        return new Lcr(null, null, null, null, null, null, 0, 0, 0, null, 0, null, new ColumnValue[0],
                new ColumnValue[0], null, 0, false, null);
    }

    @Override
    public Lcr copy(Lcr from) {
        if (from == null) {
            return null;
        }
        return new Lcr(from.sourceDatabase(), from.container(), from.owner(), from.table(), from.command(), from.xid(),
                from.scn(), from.commitScn(), from.thread(), from.rsId(), from.ssn(), from.sourceTime(),
                copyOf(from.oldValues()), copyOf(from.newValues()), from.ddlText(), from.ordinal(),
                from.lastInTransaction(), from.position());
    }

    private static ColumnValue[] copyOf(ColumnValue[] image) {
        return image == null ? null : image.clone();
    }

    @Override
    public void serialize(Lcr lcr, DataOutputView out) throws IOException {
        StreamStrings.write(lcr.sourceDatabase(), out);
        StreamStrings.write(lcr.container(), out);
        StreamStrings.write(lcr.owner(), out);
        StreamStrings.write(lcr.table(), out);
        out.writeByte(lcr.command() == null ? -1 : lcr.command().ordinal());
        StreamStrings.write(lcr.xid(), out);
        out.writeLong(lcr.scn());
        out.writeLong(lcr.commitScn());
        out.writeInt(lcr.thread());
        StreamStrings.write(lcr.rsId(), out);
        out.writeLong(lcr.ssn());
        StreamStrings.write(lcr.sourceTime(), out);
        writeImage(lcr.oldValues(), out);
        writeImage(lcr.newValues(), out);
        StreamStrings.write(lcr.ddlText(), out);
        out.writeInt(lcr.ordinal());
        out.writeBoolean(lcr.lastInTransaction());
        StreamStrings.write(lcr.position(), out);
    }

    private static void writeImage(ColumnValue[] image, DataOutputView out) throws IOException {
        if (image == null) {
            out.writeInt(-1);
            return;
        }
        out.writeInt(image.length);
        for (ColumnValue value : image) {
            StreamStrings.write(value.name(), out);
            out.writeByte(value.kind().ordinal());
            StreamStrings.write(value.text(), out);
        }
    }

    @Override
    public Lcr deserialize(DataInputView in) throws IOException {
        String sourceDatabase = StreamStrings.read(in);
        String container = StreamStrings.read(in);
        String owner = StreamStrings.read(in);
        String table = StreamStrings.read(in);
        byte command = in.readByte();
        String xid = StreamStrings.read(in);
        long scn = in.readLong();
        long commitScn = in.readLong();
        int thread = in.readInt();
        String rsId = StreamStrings.read(in);
        long ssn = in.readLong();
        String sourceTime = StreamStrings.read(in);
        ColumnValue[] oldValues = readImage(in);
        ColumnValue[] newValues = readImage(in);
        String ddlText = StreamStrings.read(in);
        int ordinal = in.readInt();
        boolean last = in.readBoolean();
        return new Lcr(sourceDatabase, container, owner, table, command < 0 ? null : COMMANDS[command], xid, scn,
                commitScn, thread, rsId, ssn, sourceTime, oldValues, newValues, ddlText, ordinal, last,
                StreamStrings.read(in));
    }

    private static ColumnValue[] readImage(DataInputView in) throws IOException {
        int length = in.readInt();
        if (length < 0) {
            return null;
        }
        ColumnValue[] image = new ColumnValue[length];
        for (int i = 0; i < length; i++) {
            String name = StreamStrings.read(in);
            ValueKind kind = KINDS[in.readUnsignedByte()];
            image[i] = new ColumnValue(name, kind, StreamStrings.read(in));
        }
        return image;
    }

    @Override
    public TypeSerializerSnapshot<Lcr> snapshotConfiguration() {
        return new Snapshot();
    }

    /** Restores this serializer; public with a no-argument constructor, as Flink instantiates it by name. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<Lcr> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
