package io.redocdc.tools.simulate;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Oracle sequences with CACHE 20: every 20th NEXTVAL refreshes the cache in a recursive transaction of its own
 * (START, update "SYS"."SEQ$" set "HIGHWATER" = ..., COMMIT), interleaved with the user's transaction. These are
 * rows of an uncaptured schema the job must skip.
 */
final class SequenceCache {

    static final int CACHE = 20;
    private static final long FIRST_SEQUENCE_OBJ = 73660;

    private final Simulation sim;
    private final Map<String, Integer> sequenceIndex = new LinkedHashMap<>();

    SequenceCache(Simulation sim) {
        this.sim = sim;
    }

    /** Called for each value a table's sequence hands out, on the thread of the transaction that takes it. */
    void nextVal(int thread, TableDef table, long value) throws IOException {
        if ((value - 1) % CACHE != 0) {
            return;
        }
        int index = sequenceIndex.computeIfAbsent(table.name(), n -> sequenceIndex.size());
        TableDef seq = OrderEntrySchema.SEQ$;
        String[] before = row(FIRST_SEQUENCE_OBJ + index, value);
        String[] after = row(FIRST_SEQUENCE_OBJ + index, value + CACHE);
        int[] set = {seq.indexOf("HIGHWATER")};
        OpenTransaction recursive = sim.open(thread);
        sim.rows().untracked(recursive, SimulatedRowChange.update(seq, RowIds.nth(seq, index), before, after, set,
                recursive.nextSsn()));
        sim.rows().commit(recursive);
    }

    private static String[] row(long obj, long highwater) {
        return new String[] {Long.toString(obj), "1", "1", "9999999999999999999999999999", "0", "0",
                Integer.toString(CACHE), Long.toString(highwater), "--------------------------------------", "8",
                null};
    }
}
