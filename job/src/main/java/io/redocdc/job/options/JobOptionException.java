package io.redocdc.job.options;

/** Options a job cannot run with; the message names the option, the rule and the value (as the CLI shows it). */
public final class JobOptionException extends IllegalArgumentException {

    public JobOptionException(String message) {
        super(message);
    }
}
