package io.redocdc.common.flink;

import org.apache.flink.api.common.operators.MailboxExecutor;
import org.apache.flink.util.function.ThrowingRunnable;

/**
 * The next step of work an operator does in steps, as one mail of its task's mailbox at a time: between two mails
 * the task processes its input, checkpoint barriers included. Runs on the task thread only.
 */
public final class StepMail {

    private final MailboxExecutor mailbox;
    private final String description;
    private final ThrowingRunnable<Exception> step;
    private boolean queued;

    /** @param step the work of one step; it queues the next itself when more is left */
    public StepMail(MailboxExecutor mailbox, String description, ThrowingRunnable<Exception> step) {
        this.mailbox = mailbox;
        this.description = description;
        this.step = step;
    }

    /** Queues the step, unless it is queued already. */
    public void queue() {
        if (!queued) {
            queued = true;
            mailbox.execute(this::run, description);
        }
    }

    private void run() throws Exception {
        queued = false;
        step.run();
    }
}
