package io.redocdc.source.model;

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
 * {@link RedoRecord}s from the source to the assemblers, field by field in declaration order, strings as
 * {@link StreamStrings} (null-aware, bulk-copied), the nullable parts behind one flags byte. The records are immutable,
 * so copies are the record itself. Not used for state: the assembler's row state keeps the POJO serializer.
 */
public final class RedoRecordSerializer extends StreamRecordSerializer<RedoRecord> {

    private static final long serialVersionUID = 1L;

    public static final RedoRecordSerializer INSTANCE = new RedoRecordSerializer();

    /** The source's produced type. */
    public static final TypeInformation<RedoRecord> TYPE = new StreamTypeInfo<>(RedoRecord.class, INSTANCE);

    private static final int ROLLBACK = 1;
    private static final int HAS_DATA_OBJ = 2;
    private static final int HAS_XID = 4;
    private static final int HAS_LOG = 8;

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public RedoRecord createInstance() {
        return new RedoRecord(0, null, 0, Xid.NONE, null, 0, false, 0, null, null, null, null, null, null, null, 0,
                null, null, null, 0, 0);
    }

    @Override
    public RedoRecord copy(RedoRecord from) {
        return from;
    }

    @Override
    public void serialize(RedoRecord r, DataOutputView out) throws IOException {
        int flags = (r.rollback() ? ROLLBACK : 0) | (r.dataObj() != null ? HAS_DATA_OBJ : 0)
                | (r.xid() != null ? HAS_XID : 0) | (r.log() != null ? HAS_LOG : 0);
        out.writeByte(flags);
        out.writeLong(r.scn());
        StreamStrings.write(r.timestamp(), out);
        out.writeInt(r.thread());
        if (r.xid() != null) {
            out.writeShort(r.xid().usn());
            out.writeShort(r.xid().slot());
            out.writeInt((int) r.xid().sqn());
        }
        StreamStrings.write(r.operation(), out);
        out.writeInt(r.operationCode());
        out.writeInt(r.status());
        StreamStrings.write(r.info(), out);
        StreamStrings.write(r.container(), out);
        StreamStrings.write(r.segOwner(), out);
        StreamStrings.write(r.tableName(), out);
        if (r.dataObj() != null) {
            out.writeLong(r.dataObj());
        }
        StreamStrings.write(r.rowId(), out);
        StreamStrings.write(r.rsId(), out);
        out.writeLong(r.ssn());
        StreamStrings.write(r.sqlRedo(), out);
        StreamStrings.write(r.sqlUndo(), out);
        if (r.log() != null) {
            out.writeInt(r.log().thread());
            out.writeLong(r.log().sequence());
            out.writeLong(r.log().resetlogsId());
        }
        out.writeLong(r.index());
        out.writeLong(r.line());
    }

    @Override
    public RedoRecord deserialize(DataInputView in) throws IOException {
        int flags = in.readUnsignedByte();
        long scn = in.readLong();
        String timestamp = StreamStrings.read(in);
        int thread = in.readInt();
        Xid xid = (flags & HAS_XID) == 0 ? null
                : new Xid(in.readUnsignedShort(), in.readUnsignedShort(), Integer.toUnsignedLong(in.readInt()));
        String operation = StreamStrings.read(in);
        int operationCode = in.readInt();
        int status = in.readInt();
        String info = StreamStrings.read(in);
        String container = StreamStrings.read(in);
        String segOwner = StreamStrings.read(in);
        String tableName = StreamStrings.read(in);
        Long dataObj = (flags & HAS_DATA_OBJ) == 0 ? null : in.readLong();
        String rowId = StreamStrings.read(in);
        String rsId = StreamStrings.read(in);
        long ssn = in.readLong();
        String sqlRedo = StreamStrings.read(in);
        String sqlUndo = StreamStrings.read(in);
        ThreadSequence log = (flags & HAS_LOG) == 0 ? null
                : new ThreadSequence(in.readInt(), in.readLong(), in.readLong());
        return new RedoRecord(scn, timestamp, thread, xid, operation, operationCode, (flags & ROLLBACK) != 0, status,
                info, container, segOwner, tableName, dataObj, rowId, rsId, ssn, sqlRedo, sqlUndo, log,
                in.readLong(), in.readLong());
    }

    @Override
    public TypeSerializerSnapshot<RedoRecord> snapshotConfiguration() {
        return new Snapshot();
    }

    /** Restores this serializer; public with a no-argument constructor, as Flink instantiates it by name. */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<RedoRecord> {
        public Snapshot() {
            super(() -> INSTANCE);
        }
    }
}
