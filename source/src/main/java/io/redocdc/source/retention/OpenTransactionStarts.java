package io.redocdc.source.retention;

import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one transaction assembler subtask held at a checkpoint: per redo thread, the lowest log sequence holding
 * the START of a transaction still open there (threads without an open transaction are absent).
 *
 * @param checkpointId the checkpoint whose state this describes
 * @param subtask      the assembler subtask
 * @param parallelism  how many assembler subtasks report for this checkpoint
 * @param oldestStartSequenceByThread THREAD# to SEQUENCE#
 */
public record OpenTransactionStarts(long checkpointId, int subtask, int parallelism,
                                    Map<Integer, Long> oldestStartSequenceByThread) implements Serializable {

    private static final long serialVersionUID = 1L;

    public OpenTransactionStarts {
        oldestStartSequenceByThread = new TreeMap<>(oldestStartSequenceByThread);
    }

    /**
     * As JDK values only, for the global aggregate RPC: on a cluster the JobMaster deserializes RPC arguments with
     * its system class loader, which does not have the job jar's classes (ClassNotFoundException for this record).
     * Layout: checkpoint id, subtask, parallelism, then THREAD# and SEQUENCE# pairs.
     */
    public long[] toRpcValue() {
        long[] value = new long[3 + 2 * oldestStartSequenceByThread.size()];
        value[0] = checkpointId;
        value[1] = subtask;
        value[2] = parallelism;
        int i = 3;
        for (Map.Entry<Integer, Long> thread : oldestStartSequenceByThread.entrySet()) {
            value[i++] = thread.getKey();
            value[i++] = thread.getValue();
        }
        return value;
    }

    /** The inverse of {@link #toRpcValue}. */
    public static OpenTransactionStarts fromRpcValue(long[] value) {
        if (value.length < 3 || value.length % 2 == 0) {
            throw new IllegalArgumentException("an open-transaction report has 3 + 2n values, got " + value.length);
        }
        Map<Integer, Long> byThread = new TreeMap<>();
        for (int i = 3; i < value.length; i += 2) {
            byThread.put(Math.toIntExact(value[i]), value[i + 1]);
        }
        return new OpenTransactionStarts(value[0], Math.toIntExact(value[1]), Math.toIntExact(value[2]), byThread);
    }
}
