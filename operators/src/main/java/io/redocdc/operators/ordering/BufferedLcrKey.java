package io.redocdc.operators.ordering;

/**
 * Where the sequencer keeps one LCR: its transaction ({@link io.redocdc.operators.lcr.Position#transactionId()})
 * and its ordinal in it.
 */
public record BufferedLcrKey(String transactionId, int ordinal) {
}
