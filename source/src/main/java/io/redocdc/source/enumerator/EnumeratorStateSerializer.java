package io.redocdc.source.enumerator;

import io.redocdc.source.event.LogRef;
import io.redocdc.source.model.Scn;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

/**
 * Enumerator checkpoint serializer. Version 1: start SCN long, RESETLOGS_ID long, published frontier long;
 * thread count int, then per thread THREAD# int, completed sequence long, completed NEXT_CHANGE# long, run count
 * int and per run from/to sequence and FIRST/NEXT_CHANGE# (4 longs); assigned count int, then per log THREAD#
 * int, SEQUENCE#, RESETLOGS_ID, FIRST_CHANGE#, NEXT_CHANGE# (4 longs). Keep a reader for every released version.
 */
public final class EnumeratorStateSerializer implements SimpleVersionedSerializer<EnumeratorState> {

    public static final int VERSION_1 = 1;
    public static final EnumeratorStateSerializer INSTANCE = new EnumeratorStateSerializer();

    @Override
    public int getVersion() {
        return VERSION_1;
    }

    @Override
    public byte[] serialize(EnumeratorState state) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(256);
        out.writeLong(state.startScn().value());
        out.writeLong(state.resetlogsId());
        out.writeLong(state.publishedFrontier());
        out.writeInt(state.threads().size());
        for (ThreadProgress thread : state.threads()) {
            out.writeInt(thread.thread());
            out.writeLong(thread.completedSequence());
            out.writeLong(thread.completedNextChange().value());
            out.writeInt(thread.finishedRuns().size());
            for (FinishedRun run : thread.finishedRuns()) {
                out.writeLong(run.fromSequence());
                out.writeLong(run.toSequence());
                out.writeLong(run.firstChange().value());
                out.writeLong(run.nextChange().value());
            }
        }
        out.writeInt(state.assigned().size());
        for (LogRef log : state.assigned()) {
            out.writeInt(log.thread());
            out.writeLong(log.sequence());
            out.writeLong(log.resetlogsId());
            out.writeLong(log.firstChange());
            out.writeLong(log.nextChange());
        }
        return out.getCopyOfBuffer();
    }

    @Override
    public EnumeratorState deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION_1) {
            throw new IOException("unknown redo-log enumerator state version " + version + " (this build reads "
                    + VERSION_1 + "); was the savepoint written by a newer redo-cdc?");
        }
        DataInputDeserializer in = new DataInputDeserializer(serialized);
        Scn startScn = Scn.of(in.readLong());
        long resetlogsId = in.readLong();
        long publishedFrontier = in.readLong();
        int threadCount = in.readInt();
        List<ThreadProgress> threads = new ArrayList<>(threadCount);
        for (int t = 0; t < threadCount; t++) {
            int thread = in.readInt();
            long completedSequence = in.readLong();
            Scn completedNext = Scn.of(in.readLong());
            int runCount = in.readInt();
            List<FinishedRun> runs = new ArrayList<>(runCount);
            for (int r = 0; r < runCount; r++) {
                runs.add(new FinishedRun(in.readLong(), in.readLong(), Scn.of(in.readLong()), Scn.of(in.readLong())));
            }
            threads.add(new ThreadProgress(thread, completedSequence, completedNext, runs));
        }
        int assignedCount = in.readInt();
        List<LogRef> assigned = new ArrayList<>(assignedCount);
        for (int a = 0; a < assignedCount; a++) {
            assigned.add(new LogRef(in.readInt(), in.readLong(), in.readLong(), in.readLong(), in.readLong()));
        }
        if (in.available() != 0) {
            throw new IOException("redo-log enumerator state version 1: " + in.available() + " unexpected trailing bytes");
        }
        return new EnumeratorState(startScn, resetlogsId, publishedFrontier, threads, assigned);
    }
}
