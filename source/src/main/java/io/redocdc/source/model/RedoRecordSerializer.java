package io.redocdc.source.model;

import io.redocdc.common.flink.StreamRecordSerializer;
import io.redocdc.common.flink.StreamTypeInfo;
import java.io.IOException;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.types.StringValue;

/**
 * {@link RedoRecord}s from the source to the assemblers, field by field in declaration order, strings with Flink's
 * {@link StringValue} encoding (null-aware), the nullable parts behind one flags byte. The records are immutable,
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
        StringValue.writeString(r.timestamp(), out);
        out.writeInt(r.thread());
        if (r.xid() != null) {
            out.writeShort(r.xid().usn());
            out.writeShort(r.xid().slot());
            out.writeInt((int) r.xid().sqn());
        }
        StringValue.writeString(r.operation(), out);
        out.writeInt(r.operationCode());
        out.writeInt(r.status());
        StringValue.writeString(r.info(), out);
        StringValue.writeString(r.container(), out);
        StringValue.writeString(r.segOwner(), out);
        StringValue.writeString(r.tableName(), out);
        if (r.dataObj() != null) {
            out.writeLong(r.dataObj());
        }
        StringValue.writeString(r.rowId(), out);
        StringValue.writeString(r.rsId(), out);
        out.writeLong(r.ssn());
        StringValue.writeString(r.sqlRedo(), out);
        StringValue.writeString(r.sqlUndo(), out);
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
        String timestamp = StringValue.readString(in);
        int thread = in.readInt();
        Xid xid = (flags & HAS_XID) == 0 ? null
                : new Xid(in.readUnsignedShort(), in.readUnsignedShort(), Integer.toUnsignedLong(in.readInt()));
        String operation = StringValue.readString(in);
        int operationCode = in.readInt();
        int status = in.readInt();
        String info = StringValue.readString(in);
        String container = StringValue.readString(in);
        String segOwner = StringValue.readString(in);
        String tableName = StringValue.readString(in);
        Long dataObj = (flags & HAS_DATA_OBJ) == 0 ? null : in.readLong();
        String rowId = StringValue.readString(in);
        String rsId = StringValue.readString(in);
        long ssn = in.readLong();
        String sqlRedo = StringValue.readString(in);
        String sqlUndo = StringValue.readString(in);
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
