package io.redocdc.job.pipeline;

/** Where keyed state (open transactions, the commit sequencer's buffer) lives. */
public enum StateBackendKind {
    /** On the JVM heap: fastest, bounded by memory. */
    HASHMAP("hashmap"),
    /** Embedded RocksDB: spills large transactions to local disk; supports canonical savepoints. */
    ROCKSDB("rocksdb");

    private final String flinkName;

    StateBackendKind(String flinkName) {
        this.flinkName = flinkName;
    }

    /** The value of Flink's state.backend.type. */
    public String flinkName() {
        return flinkName;
    }
}
