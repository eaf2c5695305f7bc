package io.redocdc.operators.txn;

/**
 * The buffered records of one slot in one log: local indexes {@code [first, next)}. Records are consumed from
 * the front, so the range only shrinks at the front and grows at the back.
 */
public record ChunkBounds(int first, int next) {

    public ChunkBounds {
        if (first < 0 || next < first) {
            throw new IllegalArgumentException("invalid chunk bounds [" + first + ", " + next + ")");
        }
    }

    public boolean isEmpty() {
        return first == next;
    }
}
