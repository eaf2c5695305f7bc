package io.redocdc.job.inspect;

/**
 * One item read from a savepoint's operator state, so that every read is one union of streams and one local Flink
 * job: exactly one field is set.
 *
 * @param transaction     an assembler slot's open transaction or START-less rows
 * @param sequencer       the commit sequencer's state
 * @param split           a reader's split, in Flink's versioned split state form
 * @param jdbcWriterState the JDBC apply sink writer's state, in Flink's versioned writer state form
 * @param allLogsRead     one assembler subtask's copy of "every log was read"
 */
public record StatePiece(BufferedTransaction transaction, SequencerStateReader.Snapshot sequencer, byte[] split,
                         byte[] jdbcWriterState, Boolean allLogsRead) {

    static StatePiece of(BufferedTransaction transaction) {
        return new StatePiece(transaction, null, null, null, null);
    }

    static StatePiece of(SequencerStateReader.Snapshot sequencer) {
        return new StatePiece(null, sequencer, null, null, null);
    }

    static StatePiece split(byte[] split) {
        return new StatePiece(null, null, split, null, null);
    }

    static StatePiece jdbcWriterState(byte[] state) {
        return new StatePiece(null, null, null, state, null);
    }

    static StatePiece allLogsRead(Boolean read) {
        return new StatePiece(null, null, null, null, read);
    }
}
