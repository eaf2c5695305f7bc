package io.redocdc.sinks.jdbc.writer;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.Position;
import io.redocdc.sinks.jdbc.apply.ApplyContext;
import io.redocdc.sinks.jdbc.state.AppliedPositionStore;
import io.redocdc.sinks.jdbc.state.JdbcWriterState;
import java.io.IOException;
import java.util.Collection;
import org.apache.flink.api.common.operators.ProcessingTimeService;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.util.function.ThrowingConsumer;
import org.slf4j.Logger;

/**
 * A writer of the JDBC apply sink. Both kinds keep the same bookkeeping ({@link AppliedPositionStore}) and the
 * same writer state (the LCRs of a transaction open at a checkpoint), so a job may switch between them on restart.
 */
public interface JdbcSinkWriter extends StatefulSinkWriter<Lcr, JdbcWriterState> {

    /**
     * The serial writer ({@link JdbcApplyWriter}) for {@code apply.parallelism=1}, else the parallel one
     * ({@link ParallelJdbcApplyWriter}).
     */
    static JdbcSinkWriter create(ApplyContext context, Collection<JdbcWriterState> restored) throws IOException {
        return create(context, restored, null);
    }

    /**
     * As {@link #create(ApplyContext, Collection)}, with the task's timer service for the serial writer's group
     * commit latency ({@code sink.group-max-latency}); null: groups commit by size and at flush only.
     */
    static JdbcSinkWriter create(ApplyContext context, Collection<JdbcWriterState> restored,
                                 ProcessingTimeService timers) throws IOException {
        return context.options().applyParallelism() > 1
                ? new ParallelJdbcApplyWriter(context, restored)
                : new JdbcApplyWriter(context, restored, timers);
    }

    /** The low mark: every transaction at or below it is applied (or error-queued); null when none. */
    Position appliedPosition();

    /**
     * Writes again the LCRs of the transaction that was open at the restored checkpoint: its commit has not been
     * applied, and the restored job's input resumes after them.
     */
    static void reapplyOpenTransactions(Collection<JdbcWriterState> restored, Logger log,
                                        ThrowingConsumer<Lcr, IOException> write) throws IOException {
        for (JdbcWriterState state : restored) {
            log.info("re-applying {} LCRs of the transaction open at the restored checkpoint",
                    state.openTransaction().size());
            for (Lcr lcr : state.openTransaction()) {
                write.accept(lcr);
            }
        }
    }
}
