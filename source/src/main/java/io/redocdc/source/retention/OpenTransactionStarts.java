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
}
