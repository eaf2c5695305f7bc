package io.redocdc.job.inspect;

import io.redocdc.job.pipeline.CapturePipeline;
import io.redocdc.operators.lcr.Position;
import io.redocdc.operators.ordering.SequencerState;
import io.redocdc.operators.txn.AssemblerState;
import io.redocdc.operators.txn.OpenTransactions;
import io.redocdc.sinks.files.ChangeFileSink;
import io.redocdc.sinks.jdbc.JdbcApplySink;
import io.redocdc.sinks.jdbc.state.AppliedPositionStore;
import io.redocdc.sinks.jdbc.state.JdbcWriterState;
import io.redocdc.sinks.jdbc.state.JdbcWriterStateSerializer;
import io.redocdc.source.enumerator.EnumeratorState;
import io.redocdc.source.enumerator.ThreadProgress;
import io.redocdc.source.retention.PurgeAdvice;
import io.redocdc.source.split.RedoLogSplit;
import io.redocdc.source.split.RedoLogSplitSerializer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.core.io.SimpleVersionedSerialization;
import org.apache.flink.runtime.state.StateBackend;
import org.apache.flink.runtime.state.hashmap.HashMapStateBackend;
import org.apache.flink.state.api.OperatorIdentifier;
import org.apache.flink.state.api.SavepointReader;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;

/**
 * Reads a savepoint or retained checkpoint of the capture job into its Oracle view ({@link StateInspection}):
 * operator state with Flink's State Processor API (one local Flink job), the source enumerator's checkpoint from
 * the metadata, and the job's own rules for what the state means: {@link OpenTransactions} for the oldest open
 * transaction and its START logs, {@link PurgeAdvice} for which archived logs a restart no longer needs.
 */
public final class SavepointInspector {

    /** Flink's name of a source reader's split state (SourceOperator), a list of versioned split bytes. */
    static final String SOURCE_READER_STATE = "SourceReaderState";
    /** Flink's name of a sink writer's state (StatefulSinkWriterStateHandler), a list of versioned bytes. */
    static final String SINK_WRITER_STATE = "writer_raw_states";

    private SavepointInspector() {
    }

    /**
     * @throws InspectionException naming the path when it is not a savepoint or checkpoint, or not of this job
     */
    public static StateInspection inspect(Path path) throws Exception {
        CheckpointMetadataFile metadata = CheckpointMetadataFile.load(path);
        requireCaptureJob(metadata);
        EnumeratorState enumerator = EnumeratorCheckpoint.read(
                metadata.operator(CapturePipeline.SOURCE_UID).orElseThrow().getCoordinatorState(),
                metadata.directory());
        StatePieces pieces = read(metadata);
        return describe(metadata, enumerator, pieces);
    }

    private static void requireCaptureJob(CheckpointMetadataFile metadata) {
        List<String> missing = new ArrayList<>();
        for (String uid : List.of(CapturePipeline.SOURCE_UID, AssemblerState.UID, SequencerState.UID)) {
            if (!metadata.hasOperator(uid)) {
                missing.add(uid);
            }
        }
        if (!missing.isEmpty()) {
            throw new InspectionException(metadata.directory() + " is a Flink savepoint or checkpoint, but not of the "
                    + "redo-cdc capture job: it has no state of operator uid(s) " + missing + " (expected "
                    + List.of(CapturePipeline.SOURCE_UID, AssemblerState.UID, SequencerState.UID) + ")");
        }
    }

    private static StatePieces read(CheckpointMetadataFile metadata) throws Exception {
        String location = metadata.directory().toUri().toString();
        StateBackend backend = metadata.incrementalKeyedState(AssemblerState.UID)
                ? new EmbeddedRocksDBStateBackend() : new HashMapStateBackend();
        // The ambient environment: a local one from the command line, the MiniCluster in tests. One subtask: the
        // reading is small next to starting the job.
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        SavepointReader savepoint = SavepointReader.read(env, location, backend);
        TypeInformation<StatePiece> pieceType = TypeInformation.of(StatePiece.class);
        TypeInformation<byte[]> bytes = PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO;

        DataStream<StatePiece> all = savepoint
                .readKeyedState(OperatorIdentifier.forUid(AssemblerState.UID), new AssemblerStateReader(),
                        Types.INT, TypeInformation.of(BufferedTransaction.class))
                .map(StatePiece::of, pieceType);
        all = all.union(savepoint
                .readKeyedState(OperatorIdentifier.forUid(SequencerState.UID), new SequencerStateReader(),
                        Types.INT, TypeInformation.of(SequencerStateReader.Snapshot.class))
                .map(StatePiece::of, pieceType));
        if (metadata.operatorStateNames(CapturePipeline.SOURCE_UID).contains(SOURCE_READER_STATE)) {
            all = all.union(savepoint.readListState(OperatorIdentifier.forUid(CapturePipeline.SOURCE_UID),
                    SOURCE_READER_STATE, bytes).map(StatePiece::split, pieceType));
        }
        if (metadata.operatorStateNames(AssemblerState.UID).contains(AssemblerState.allLogsRead().getName())) {
            all = all.union(savepoint.readUnionState(OperatorIdentifier.forUid(AssemblerState.UID),
                    AssemblerState.allLogsRead().getName(), Types.BOOLEAN).map(StatePiece::allLogsRead, pieceType));
        }
        if (metadata.operatorStateNames(JdbcApplySink.UID).contains(SINK_WRITER_STATE)) {
            all = all.union(savepoint.readListState(OperatorIdentifier.forUid(JdbcApplySink.UID), SINK_WRITER_STATE,
                    bytes).map(StatePiece::jdbcWriterState, pieceType));
        }
        StatePieces pieces = new StatePieces();
        try (CloseableIterator<StatePiece> collected = all.executeAndCollect("inspect " + location)) {
            collected.forEachRemaining(pieces::add);
        }
        return pieces;
    }

    private static StateInspection describe(CheckpointMetadataFile metadata, EnumeratorState enumerator,
                                            StatePieces pieces) throws IOException {
        OpenTransactions open = new OpenTransactions();
        List<StateInspection.OpenTransaction> openTransactions = new ArrayList<>();
        long rowsWithoutStart = 0;
        for (BufferedTransaction transaction : pieces.transactions) {
            if (transaction.start() == null) {
                rowsWithoutStart += transaction.rows();
                continue;
            }
            open.add(transaction.slot(), transaction.start());
            openTransactions.add(new StateInspection.OpenTransaction(transaction.start().xid(),
                    transaction.start().key().thread(), transaction.start().scn(),
                    transaction.start().key().sequence(), transaction.rows(),
                    transaction.end() == null ? null : transaction.end().op().name(),
                    transaction.end() == null ? null : transaction.end().scn()));
        }
        openTransactions.sort(Comparator.comparingLong(StateInspection.OpenTransaction::startScn)
                .thenComparing(StateInspection.OpenTransaction::xid));

        Long frontier = enumerator.publishedFrontier() == EnumeratorState.NOTHING_PUBLISHED ? null
                : enumerator.publishedFrontier();
        Long required;
        String because;
        OpenTransactions.OpenStart oldest = open.oldest();
        if (oldest != null) {
            required = oldest.scn();
            because = "start SCN of the oldest open transaction " + oldest.start().xid();
        } else {
            required = frontier;
            because = frontier == null ? "nothing read yet" : "the completed-SCN frontier (no open transaction)";
        }

        // At a savepoint the enumerator's checkpoint is also its "now": both inputs of the rule are the same.
        SortedMap<Integer, Long> unfinished = PurgeAdvice.firstUnfinished(enumerator);
        Map<Integer, Long> openStarts = open.oldestStartSequenceByThread();
        List<StateInspection.Purge> purge = new ArrayList<>();
        PurgeAdvice.oldestNeeded(unfinished, unfinished, openStarts).forEach((thread, sequence) ->
                purge.add(new StateInspection.Purge(thread, sequence, openStarts.get(thread))));

        List<StateInspection.ThreadState> threads = new ArrayList<>();
        for (ThreadProgress thread : enumerator.threads()) {
            List<StateInspection.LogInReader> logs = pieces.splits.stream()
                    .filter(split -> split.log().id().thread() == thread.thread())
                    .sorted(Comparator.comparingLong(split -> split.log().id().sequence()))
                    .map(SavepointInspector::logInReader).toList();
            List<String> ahead = thread.finishedRuns().stream()
                    .map(run -> run.fromSequence() == run.toSequence() ? String.valueOf(run.fromSequence())
                            : run.fromSequence() + "-" + run.toSequence()).toList();
            threads.add(new StateInspection.ThreadState(thread.thread(), thread.completedSequence() + 1,
                    thread.completedNextChange().value(), logs, ahead));
        }

        return new StateInspection(metadata.directory().toString(), metadata.checkpointId(),
                enumerator.startScn().value(), frontier, pieces.allLogsRead, threads, openTransactions,
                rowsWithoutStart, sequencer(pieces.sequencer), required, because, purge, sinks(metadata, pieces));
    }

    private static StateInspection.LogInReader logInReader(RedoLogSplit split) {
        var position = split.position();
        var resumeId = position.newest();
        return new StateInspection.LogInReader(split.log().id().sequence(), split.log().firstChange().value(),
                split.log().nextChange().value(), position.handedOn(),
                resumeId == null ? null : resumeId.rsId(), resumeId == null ? null : resumeId.ssn(),
                split.finished());
    }

    private static StateInspection.Sequencer sequencer(SequencerStateReader.Snapshot snapshot) {
        if (snapshot == null) {
            return new StateInspection.Sequencer(null, null, 0, 0);
        }
        String low = snapshot.processedLowPosition();
        return new StateInspection.Sequencer(low, low == null ? null : Position.fromHex(low).commitScn(),
                snapshot.pendingTransactions(), snapshot.bufferedLcrs());
    }

    private static List<StateInspection.SinkState> sinks(CheckpointMetadataFile metadata, StatePieces pieces) {
        List<StateInspection.SinkState> sinks = new ArrayList<>();
        if (metadata.hasOperator(ChangeFileSink.DATA_SINK_UID)) {
            sinks.add(new StateInspection.SinkState(ChangeFileSink.DATA_SINK_UID, "files",
                    "no applied position in state: the committed part files hold every change up to the "
                            + "processed low position once this checkpoint's files are committed (on its completion, "
                            + "or on a restore from it)"));
        }
        if (metadata.hasOperator(JdbcApplySink.UID)) {
            sinks.add(new StateInspection.SinkState(JdbcApplySink.UID, "jdbc", "applied position kept in the target database, "
                    + "table " + AppliedPositionStore.TABLE + " (not in the savepoint); the writer state holds "
                    + pieces.jdbcOpenLcrs + " LCR(s) of a transaction open in the writer"));
        }
        return sinks;
    }

    /** The collected pieces, decoded. */
    private static final class StatePieces {
        final List<BufferedTransaction> transactions = new ArrayList<>();
        final List<RedoLogSplit> splits = new ArrayList<>();
        SequencerStateReader.Snapshot sequencer;
        boolean allLogsRead;
        long jdbcOpenLcrs;

        void add(StatePiece piece) {
            try {
                if (piece.transaction() != null) {
                    transactions.add(piece.transaction());
                } else if (piece.sequencer() != null) {
                    sequencer = piece.sequencer();
                } else if (piece.split() != null) {
                    splits.add(SimpleVersionedSerialization.readVersionAndDeSerialize(RedoLogSplitSerializer.INSTANCE,
                            piece.split()));
                } else if (piece.jdbcWriterState() != null) {
                    JdbcWriterState state = SimpleVersionedSerialization.readVersionAndDeSerialize(
                            new JdbcWriterStateSerializer(), piece.jdbcWriterState());
                    jdbcOpenLcrs += state.openTransaction().size();
                } else if (Boolean.TRUE.equals(piece.allLogsRead())) {
                    allLogsRead = true;
                }
            } catch (IOException e) {
                throw new InspectionException("a split or writer state of the savepoint does not read: "
                        + e.getMessage(), e);
            }
        }
    }
}
