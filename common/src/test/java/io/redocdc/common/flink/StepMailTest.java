package io.redocdc.common.flink;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.streaming.runtime.tasks.StreamTaskActionExecutor;
import org.apache.flink.streaming.runtime.tasks.mailbox.MailboxDefaultAction;
import org.apache.flink.streaming.runtime.tasks.mailbox.MailboxProcessor;
import org.apache.flink.streaming.runtime.tasks.mailbox.TaskMailboxImpl;
import org.junit.jupiter.api.Test;

/**
 * Steps run in Flink's own mailbox loop, whose default action stands for a task's input as a StreamTask runs it
 * while a mail is queued: one element per call (its batches stop when the mailbox has mail).
 */
class StepMailTest {

    /** Runs {@code steps} steps with {@code inputElements} waiting; returns the elements taken before each step. */
    private static List<Integer> inputTakenBeforeEachStep(int inputElements, int steps) throws Exception {
        TaskMailboxImpl mailbox = new TaskMailboxImpl(Thread.currentThread());
        int[] input = {inputElements};
        int[] takenSinceStep = {0};
        List<Integer> takenBeforeStep = new ArrayList<>();
        MailboxDefaultAction oneElement = controller -> {
            if (input[0] > 0) {
                input[0]--;
                takenSinceStep[0]++;
            } else if (takenBeforeStep.size() == steps) {
                controller.suspendDefaultAction();
                controller.allActionsCompleted();
            }
        };
        MailboxProcessor processor = new MailboxProcessor(oneElement, mailbox, StreamTaskActionExecutor.IMMEDIATE);
        StepMail[] mail = new StepMail[1];
        mail[0] = new StepMail(processor.getMainMailboxExecutor(), "a step", () -> {
            takenBeforeStep.add(takenSinceStep[0]);
            takenSinceStep[0] = 0;
            if (takenBeforeStep.size() < steps) {
                mail[0].queue();
            }
        });
        mail[0].queue();
        mail[0].queue(); // queued already: no second chain of turns
        processor.runMailboxLoop();
        return takenBeforeStep;
    }

    @Test
    void theInputTakesItsTurnsBetweenTwoSteps() throws Exception {
        int elements = 5 * StepMail.INPUT_TURNS;
        List<Integer> taken = inputTakenBeforeEachStep(elements, 8);
        assertThat(taken).as("input elements taken before each step").hasSize(8);
        // one turn per empty mail; after a step, the mail of the step itself gave the input one more
        assertThat(taken.get(0)).isEqualTo(StepMail.INPUT_TURNS);
        assertThat(taken.subList(1, 4)).containsOnly(StepMail.INPUT_TURNS + 1);
        assertThat(taken.get(4)).as("what was left").isEqualTo(elements - StepMail.INPUT_TURNS
                - 3 * (StepMail.INPUT_TURNS + 1));
        assertThat(taken.subList(5, 8)).as("no input left: the steps still come").containsOnly(0);
    }

    @Test
    void stepsGoOnWithoutInput() throws Exception {
        assertThat(inputTakenBeforeEachStep(0, 5)).containsExactly(0, 0, 0, 0, 0);
    }
}
