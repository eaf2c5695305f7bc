package io.redocdc.operators.txn;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.testing.StepMails;
import io.redocdc.source.model.RedoRecord;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.tasks.mailbox.Mail;
import org.apache.flink.streaming.runtime.tasks.mailbox.TaskMailbox;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;

/** A keyed test harness around {@link TransactionAssemblerOperator}, fed like the source feeds it. */
final class AssemblerHarness implements AutoCloseable {

    final TransactionAssemblerOperator operator;
    final KeyedOneInputStreamOperatorTestHarness<Integer, RedoRecord, Lcr> harness;

    private AssemblerHarness(AssemblerOptions options, StateBackendKind backend, OperatorSubtaskState restoreFrom)
            throws Exception {
        operator = new TransactionAssemblerOperator(options);
        harness = new KeyedOneInputStreamOperatorTestHarness<>(operator, RedoRecord::slotKey, Types.INT);
        harness.setStateBackend(backend.create());
        if (restoreFrom != null) {
            harness.initializeState(restoreFrom);
        }
        harness.open();
    }

    static AssemblerHarness open(AssemblerOptions options, StateBackendKind backend) throws Exception {
        return new AssemblerHarness(options, backend, null);
    }

    static AssemblerHarness open(StateBackendKind backend) throws Exception {
        return open(AssemblerOptions.defaults(), backend);
    }

    static AssemblerHarness restore(AssemblerOptions options, StateBackendKind backend, OperatorSubtaskState state)
            throws Exception {
        return new AssemblerHarness(options, backend, state);
    }

    /** Records with event time = SCN, as the source emits them. */
    AssemblerHarness feed(RedoRecord... records) throws Exception {
        for (RedoRecord record : records) {
            harness.processElement(new StreamRecord<>(record, record.scn()));
        }
        return this;
    }

    AssemblerHarness watermark(long watermark) throws Exception {
        harness.processWatermark(new Watermark(watermark));
        return this;
    }

    /** Runs the emission steps the operator queued, one at a time, as the task would between inputs. */
    int runMails() throws Exception {
        return StepMails.runAllSteps(harness.getTaskMailbox());
    }

    /** Runs the next queued emission step; false when none was queued. */
    boolean runOneMail() throws Exception {
        return StepMails.runNextStep(harness.getTaskMailbox());
    }

    /** The watermarks the operator passed on, in order. */
    List<Long> watermarksOut() {
        List<Long> marks = new ArrayList<>();
        for (Object element : harness.getOutput()) {
            if (element instanceof Watermark mark) {
                marks.add(mark.getTimestamp());
            }
        }
        return marks;
    }

    List<Lcr> lcrs() {
        return harness.extractOutputValues();
    }

    OperatorSubtaskState snapshot(long checkpointId) throws Exception {
        return harness.snapshot(checkpointId, checkpointId * 10);
    }

    @Override
    public void close() throws Exception {
        harness.close();
    }
}
