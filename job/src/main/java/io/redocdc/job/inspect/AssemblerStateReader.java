package io.redocdc.job.inspect;

import io.redocdc.operators.txn.AssemblerState;
import io.redocdc.operators.txn.Boundary;
import io.redocdc.operators.txn.RowKey;
import io.redocdc.source.model.RedoRecord;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.state.api.functions.KeyedStateReaderFunction;
import org.apache.flink.util.Collector;

/**
 * Reads the transaction assembler's keyed state slot by slot: each START still in state is an open transaction,
 * with the rows of its span counted ({@link AssemblerState#inSpan}) and its end if already read. Only keys are
 * counted; no transaction's rows are collected.
 */
final class AssemblerStateReader extends KeyedStateReaderFunction<Integer, BufferedTransaction> {

    private static final long serialVersionUID = 1L;

    private transient ValueState<Boundary[]> boundaries;
    /** Where savepoints of builds before 2026-12-07 hold the boundaries. */
    private transient MapState<RowKey, Boundary> legacyBoundaries;
    private transient MapState<RowKey, RedoRecord> rows;

    @Override
    public void open(OpenContext context) {
        boundaries = getRuntimeContext().getState(AssemblerState.boundaries());
        legacyBoundaries = getRuntimeContext().getMapState(AssemblerState.legacyBoundaries());
        rows = getRuntimeContext().getMapState(AssemblerState.rows());
    }

    @Override
    public void readKey(Integer slot, Context context, Collector<BufferedTransaction> out) throws Exception {
        List<Boundary> pending = new ArrayList<>();
        if (boundaries.value() != null) {
            pending.addAll(List.of(boundaries.value()));
        }
        for (Boundary boundary : legacyBoundaries.values()) {
            pending.add(boundary);
        }
        pending.sort((a, b) -> a.key().compareTo(b.key()));
        List<Boundary> starts = pending.stream().filter(Boundary::isStart).toList();
        List<Boundary> limits = starts.stream().map(start -> nextOnThread(start, pending)).toList();
        long[] counts = new long[starts.size()];
        long withoutStart = 0;
        for (RowKey row : rows.keys()) {
            int owner = owningStart(row, starts, limits);
            if (owner < 0) {
                withoutStart++;
            } else {
                counts[owner]++;
            }
        }
        for (int i = 0; i < starts.size(); i++) {
            out.collect(new BufferedTransaction(slot, starts.get(i), counts[i], endOf(starts.get(i), pending)));
        }
        if (withoutStart > 0) {
            out.collect(new BufferedTransaction(slot, null, withoutStart, null));
        }
    }

    /** The index in {@code starts} of the START whose span (up to its limit) holds {@code row}, or -1. */
    private static int owningStart(RowKey row, List<Boundary> starts, List<Boundary> limits) {
        for (int i = 0; i < starts.size(); i++) {
            if (AssemblerState.inSpan(row, starts.get(i), limits.get(i))) {
                return i;
            }
        }
        return -1;
    }

    /** The slot's next boundary after {@code start} on its thread, or null ({@code pending} is in redo order). */
    private static Boundary nextOnThread(Boundary start, List<Boundary> pending) {
        for (Boundary boundary : pending) {
            if (boundary.sameThread(start.key()) && boundary.key().compareTo(start.key()) > 0) {
                return boundary;
            }
        }
        return null;
    }

    /** The end with the START's XID, read but not yet due, or null. */
    private static Boundary endOf(Boundary start, List<Boundary> pending) {
        for (Boundary boundary : pending) {
            if (boundary.isEnd() && boundary.xid().equals(start.xid())) {
                return boundary;
            }
        }
        return null;
    }
}
