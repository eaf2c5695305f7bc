package io.redocdc.operators.ordering;

import io.redocdc.operators.lcr.Lcr;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.BasicArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;

/**
 * The commit sequencer's keyed state (one key, 0), in the one place that names it: the operator and readers of
 * its savepoints (the {@code inspect} command) use these descriptors. Names and types are the savepoint layout:
 * changing one breaks restores of earlier savepoints.
 */
public final class SequencerState {

    /** The operator's uid ({@link CommitSequencer#UID}). */
    public static final String UID = CommitSequencer.UID;

    private SequencerState() {
    }

    /**
     * The LCRs of transactions not yet emitted, by transaction and ordinal: at a checkpoint all of them; between
     * checkpoints those that did not fit in the sequencer's heap budget.
     */
    public static MapStateDescriptor<BufferedLcrKey, Lcr> bufferedLcrs() {
        return new MapStateDescriptor<>(
                "buffered-lcrs", TypeInformation.of(BufferedLcrKey.class), TypeInformation.of(Lcr.class));
    }

    /** Headers of the buffered transactions, by transaction id (as of the last checkpoint or write-out). */
    public static MapStateDescriptor<String, PendingTransaction> pendingTransactions() {
        return new MapStateDescriptor<>(
                "pending-transactions", Types.STRING, TypeInformation.of(PendingTransaction.class));
    }

    /**
     * The ids of the buffered transactions by commit SCN, which the timers of the builds from 4d4fb4a to dbccffc
     * (2026-12-07) read. Not written any more (the watermark releases the pending transactions in position
     * order); cleared on restore, so that it leaves their savepoints.
     */
    public static MapStateDescriptor<Long, String[]> pendingByCommitScn() {
        return new MapStateDescriptor<>("pending-by-commit-scn", Types.LONG, BasicArrayTypeInfo.STRING_ARRAY_TYPE_INFO);
    }

    /** While a transaction goes out in steps: its id and the ordinal of its next LCR; empty between transactions. */
    public static ValueStateDescriptor<BufferedLcrKey> nextToEmit() {
        return new ValueStateDescriptor<>("next-to-emit", TypeInformation.of(BufferedLcrKey.class));
    }

    /** The processed low position: hex position of the last LCR of the last transaction emitted. */
    public static ValueStateDescriptor<String> processedLowPosition() {
        return new ValueStateDescriptor<>("processed-low-position", Types.STRING);
    }
}
