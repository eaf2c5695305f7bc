package io.redocdc.operators.txn;

import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;

/**
 * Where the emission of a large committed transaction stopped to let the operator's input, checkpoint barriers
 * included, have a turn ({@link CommittedTransactionEmitter}): kept in the slot's keyed state, so a checkpoint
 * taken between two steps resumes it after a restore. Emission stops only before a row change that starts an LCR
 * of its own, once the LCR before it is out, so nothing held in memory is lost: the rows emitted are gone from
 * state, the rows after {@code resumeAfter} are still there, and the next LCR gets {@code ordinal}.
 *
 * @param start       the transaction's START
 * @param end         its COMMIT
 * @param xid         the XID its LCRs carry
 * @param resumeAfter the last row key handled; emission goes on with the rows after it, up to {@code end}
 * @param ordinal     the ordinal of the next LCR
 */
public record EmissionCursor(Boundary start, Boundary end, String xid, RowKey resumeAfter, int ordinal) {

    static ValueStateDescriptor<EmissionCursor> descriptor() {
        return new ValueStateDescriptor<>("emission-cursor", TypeInformation.of(EmissionCursor.class));
    }
}
