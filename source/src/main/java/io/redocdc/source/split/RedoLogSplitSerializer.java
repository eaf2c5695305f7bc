package io.redocdc.source.split;

import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.ResumePoint;
import io.redocdc.source.model.RowChangeId;
import io.redocdc.source.model.Scn;
import io.redocdc.source.model.ThreadSequence;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;

/**
 * Split serializer. Version 1: THREAD# int, SEQUENCE# long, RESETLOGS_ID long, FIRST_CHANGE# long,
 * NEXT_CHANGE# long, FIRST_TIME and NEXT_TIME (present flag, epoch second UTC long, nano int), NAME (present flag,
 * modified UTF-8), DICTIONARY_BEGIN and DICTIONARY_END booleans, next record index long, finished boolean.
 * Version 2 appends the record selection (int length + UTF-8 bytes); version 1 splits had none (a redo directory
 * selects every record). Version 3 keeps that layout, the record index being the {@link ResumePoint#handedOn()}
 * count, and appends the rest of the resume point: a present flag (false for a count), then RS_ID (int length +
 * UTF-8 bytes), SSN long, run long and records since long. Version 4 keeps that layout but for the last two longs,
 * which become one: the records handed on since the first record carrying the id (the greatest handed on, see
 * {@link ResumePoint}). A version 1 or 2 index restores as a count, as it did. So does a version 3 point: it named
 * the last id's first run, which is the wrong place where that id was handed on earlier with other ids between (a
 * LOB statement of Oracle 23ai), and a count is exact where the log reads as before, which the record-selection
 * check ({@link RedoLogSplit#recordSelection()}) holds a count to. Keep a reader for every released version.
 */
public final class RedoLogSplitSerializer implements SimpleVersionedSerializer<RedoLogSplit> {

    public static final int VERSION_1 = 1;
    public static final int VERSION_2 = 2;
    public static final int VERSION_3 = 3;
    public static final int VERSION_4 = 4;
    public static final RedoLogSplitSerializer INSTANCE = new RedoLogSplitSerializer();

    @Override
    public int getVersion() {
        return VERSION_4;
    }

    @Override
    public byte[] serialize(RedoLogSplit split) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(128);
        writeLog(split.log(), out);
        ResumePoint position = split.position();
        out.writeLong(position.handedOn());
        out.writeBoolean(split.finished());
        writeString(split.recordSelection(), out);
        out.writeBoolean(!position.isCount());
        if (!position.isCount()) {
            writeString(position.newest().rsId(), out);
            out.writeLong(position.newest().ssn());
            out.writeLong(position.sinceNewest());
        }
        return out.getCopyOfBuffer();
    }

    @Override
    public RedoLogSplit deserialize(int version, byte[] serialized) throws IOException {
        if (version < VERSION_1 || version > VERSION_4) {
            throw new IOException("unknown RedoLogSplit serializer version " + version + " (this build reads "
                    + VERSION_1 + " to " + VERSION_4 + "); was the savepoint written by a newer redo-cdc?");
        }
        DataInputDeserializer in = new DataInputDeserializer(serialized);
        ArchivedLog log = readLog(in);
        long handedOn = in.readLong();
        boolean finished = in.readBoolean();
        String selection = version >= VERSION_2 ? readString(in) : ArchivedLogCatalog.ALL_RECORDS;
        ResumePoint position = ResumePoint.afterRecords(handedOn);
        if (version >= VERSION_3 && in.readBoolean()) {
            RowChangeId id = new RowChangeId(readString(in), in.readLong());
            if (version == VERSION_3) {
                in.skipBytesToRead(2 * Long.BYTES); // run and records since: restored as the count
            } else {
                position = new ResumePoint(handedOn, id, in.readLong());
            }
        }
        if (in.available() != 0) {
            throw new IOException("RedoLogSplit version " + version + ": " + in.available()
                    + " unexpected trailing bytes");
        }
        return new RedoLogSplit(log, position, finished, selection);
    }

    private static void writeString(String text, DataOutputView out) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String readString(DataInputView in) throws IOException {
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    static void writeLog(ArchivedLog log, DataOutputView out) throws IOException {
        out.writeInt(log.id().thread());
        out.writeLong(log.id().sequence());
        out.writeLong(log.id().resetlogsId());
        out.writeLong(log.firstChange().value());
        out.writeLong(log.nextChange().value());
        writeTime(log.firstTime(), out);
        writeTime(log.nextTime(), out);
        out.writeBoolean(log.name() != null);
        if (log.name() != null) {
            out.writeUTF(log.name());
        }
        out.writeBoolean(log.dictionaryBegin());
        out.writeBoolean(log.dictionaryEnd());
    }

    static ArchivedLog readLog(DataInputView in) throws IOException {
        ThreadSequence id = new ThreadSequence(in.readInt(), in.readLong(), in.readLong());
        Scn first = Scn.of(in.readLong());
        Scn next = Scn.of(in.readLong());
        LocalDateTime firstTime = readTime(in);
        LocalDateTime nextTime = readTime(in);
        String name = in.readBoolean() ? in.readUTF() : null;
        return new ArchivedLog(id, first, next, firstTime, nextTime, name, in.readBoolean(), in.readBoolean());
    }

    private static void writeTime(LocalDateTime time, DataOutputView out) throws IOException {
        out.writeBoolean(time != null);
        if (time != null) {
            out.writeLong(time.toEpochSecond(ZoneOffset.UTC));
            out.writeInt(time.getNano());
        }
    }

    private static LocalDateTime readTime(DataInputView in) throws IOException {
        if (!in.readBoolean()) {
            return null;
        }
        long epochSecond = in.readLong();
        return LocalDateTime.ofEpochSecond(epochSecond, in.readInt(), ZoneOffset.UTC);
    }
}
