package io.redocdc.operators.testing;

import io.redocdc.common.flink.StepMail;
import java.util.Optional;
import org.apache.flink.streaming.runtime.tasks.mailbox.Mail;
import org.apache.flink.streaming.runtime.tasks.mailbox.TaskMailbox;

/** Runs an operator's queued emission steps in a test harness's mailbox, as the task would between inputs. */
public final class StepMails {

    private StepMails() {
    }

    /**
     * Runs the queued mails up to and including the next step (the empty mails of its input turns before it).
     *
     * @return false when no step was queued
     */
    public static boolean runNextStep(TaskMailbox mailbox) throws Exception {
        for (Optional<Mail> mail = mailbox.tryTake(TaskMailbox.MIN_PRIORITY); mail.isPresent();
                mail = mailbox.tryTake(TaskMailbox.MIN_PRIORITY)) {
            mail.get().run();
            if (!mail.get().toString().startsWith(StepMail.INPUT_TURN)) {
                return true;
            }
        }
        return false;
    }

    /** Runs every step queued, and those they queue; returns how many steps ran. */
    public static int runAllSteps(TaskMailbox mailbox) throws Exception {
        int steps = 0;
        while (runNextStep(mailbox)) {
            steps++;
        }
        return steps;
    }
}
