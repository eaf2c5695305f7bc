package io.redocdc.operators.txn;

import org.apache.flink.runtime.state.StateBackend;
import org.apache.flink.runtime.state.hashmap.HashMapStateBackend;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend;

/** The two keyed state backends the operators must behave identically on. */
public enum StateBackendKind {
    HEAP,
    ROCKSDB;

    public StateBackend create() {
        return this == HEAP ? new HashMapStateBackend() : new EmbeddedRocksDBStateBackend();
    }
}
