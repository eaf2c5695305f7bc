package io.redocdc.operators.txn;

import io.redocdc.source.model.Scn;
import java.util.List;
import java.util.TreeSet;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.OperatorStateStore;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The start SCN the job began with, kept in the assembler's operator state so that a restore drops exactly the
 * transactions the first run dropped (the source's enumerator keeps its own copy, to select the same logs).
 * Union list state: every subtask writes the value and, after rescaling, every subtask reads all copies.
 */
final class StartScnState {

    private static final Logger LOG = LoggerFactory.getLogger(StartScnState.class);

    private StartScnState() {
    }

    static ListStateDescriptor<Long> descriptor() {
        return new ListStateDescriptor<>("capture-start-scn", Types.LONG);
    }

    /**
     * The start SCN this run uses: the configured one on a fresh start, else the stored one.
     *
     * @throws SuppressRestartsException when a restore names a start SCN other than the stored one (a restart
     *                                   would fail the same way)
     */
    static Scn initialize(OperatorStateStore store, boolean restored, AssemblerOptions options) throws Exception {
        ListState<Long> state = store.getUnionListState(descriptor());
        Scn start = restored ? restoredStart(state, options) : options.startScn();
        state.update(List.of(start.value()));
        return start;
    }

    private static Scn restoredStart(ListState<Long> state, AssemblerOptions options) throws Exception {
        TreeSet<Long> stored = new TreeSet<>();
        for (Long scn : state.get()) {
            stored.add(scn);
        }
        if (stored.isEmpty()) {
            LOG.warn("the restored state keeps no start SCN (written by a redo-cdc before it did): using the "
                    + "configured start SCN {}; it must be the one the job first started with", options.startScn());
            return options.startScn();
        }
        if (stored.size() > 1) {
            throw new IllegalStateException("the restored state holds different start SCNs " + stored
                    + "; the checkpoint mixes state of different jobs");
        }
        Scn start = Scn.of(stored.first());
        if (options.startScnOption() != null && !options.startScn().equals(start)) {
            throw new SuppressRestartsException(new IllegalArgumentException(options.startScnOption() + " "
                    + options.startScn() + " differs from the start SCN " + start + " this job was started with "
                    + "(kept in the restored state): a restored job goes on from its own start. Restore without "
                    + options.startScnOption() + " (or with " + start + "), or start a new job (without a "
                    + "checkpoint) to capture from " + options.startScn()));
        }
        if (!options.startScn().equals(start)) {
            LOG.info("restored start SCN {} (the configured default {} applies to new jobs only)", start,
                    options.startScn());
        }
        return start;
    }
}
