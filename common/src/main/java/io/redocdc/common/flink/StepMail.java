package io.redocdc.common.flink;

import org.apache.flink.api.common.operators.MailboxExecutor;
import org.apache.flink.util.function.ThrowingRunnable;

/**
 * The next step of work an operator does in steps, as mails of its task's mailbox: between two steps the task
 * processes its input, checkpoint barriers included. Runs on the task thread only.
 *
 * <p>While a mail is queued, a task takes one input element between two runs of its mailbox (Flink emits input in
 * batches only when no mail waits), so a step queued at once would let a single element in per step. A barrier
 * queued behind {@code B} elements in flight (a busy source fills the network buffers ahead of it, 32 KiB each,
 * some hundred redo records a buffer) would then wait {@code B} steps, most of a large transaction. So a step waits
 * behind {@link #INPUT_TURNS} empty mails, each giving the input one element: the barrier waits at most
 * {@code B / INPUT_TURNS} steps. With no input waiting, an empty mail costs about 70 ns (Flink's MailboxProcessor,
 * warmed up, on the project's 2-core machine): 7 us per step, against the tens of milliseconds a step of 10,000
 * LCRs takes.
 */
public final class StepMail {

    /** Input elements the task may take before each step. */
    public static final int INPUT_TURNS = 100;
    /** How the description of an empty mail before a step begins. */
    public static final String INPUT_TURN = "input turn before: ";

    private final MailboxExecutor mailbox;
    private final String description;
    private final String turnDescription;
    private final ThrowingRunnable<Exception> step;
    private boolean queued;
    private int turnsLeft;

    /** @param step the work of one step; it queues the next itself when more is left */
    public StepMail(MailboxExecutor mailbox, String description, ThrowingRunnable<Exception> step) {
        this.mailbox = mailbox;
        this.description = description;
        this.turnDescription = INPUT_TURN + description;
        this.step = step;
    }

    /** Queues the step behind its input turns, unless it is queued already. */
    public void queue() {
        if (!queued) {
            queued = true;
            turnsLeft = INPUT_TURNS;
            mailbox.execute(this::turn, turnDescription);
        }
    }

    private void turn() {
        if (--turnsLeft > 0) {
            mailbox.execute(this::turn, turnDescription);
        } else {
            mailbox.execute(this::run, description);
        }
    }

    private void run() throws Exception {
        queued = false;
        step.run();
    }
}
