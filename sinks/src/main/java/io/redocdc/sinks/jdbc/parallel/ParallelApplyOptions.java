package io.redocdc.sinks.jdbc.parallel;

/**
 * Settings of parallel apply.
 *
 * @param sinkName          names the sink in thread names and messages
 * @param workers           apply threads, each with its own connection
 * @param memoryLimitBytes  the spooled transactions handed in and not yet committed may hold this much heap; a
 *                          transaction estimated bigger is a barrier, applied alone
 * @param groupMaxRows      a worker applies the transactions ready for it one after another in one target
 *                          transaction until they hold this many row changes (1: each transaction alone)
 */
public record ParallelApplyOptions(String sinkName, int workers, long memoryLimitBytes, int groupMaxRows) {

    /** Each transaction in a target transaction of its own. */
    public ParallelApplyOptions(String sinkName, int workers, long memoryLimitBytes) {
        this(sinkName, workers, memoryLimitBytes, 1);
    }

    public ParallelApplyOptions {
        if (sinkName == null || sinkName.isBlank() || sinkName.length() > 128) {
            throw new IllegalArgumentException("sinkName must have 1 to 128 characters, was '" + sinkName + "'");
        }
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, was " + workers);
        }
        if (groupMaxRows < 1) {
            throw new IllegalArgumentException("groupMaxRows must be at least 1, was " + groupMaxRows);
        }
        if (memoryLimitBytes < 1) {
            throw new IllegalArgumentException("memoryLimitBytes must be positive, was " + memoryLimitBytes);
        }
    }
}
