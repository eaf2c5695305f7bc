package io.redocdc.common.options;

/**
 * A value an option does not allow. The message names the option key without the leading {@code --}
 * ({@code option sink.batch-size: must be at least 1; got 0}); the CLI renders it with the option as it is typed.
 */
public class InvalidOptionException extends IllegalArgumentException {

    private final String key;
    private final String problem;

    public InvalidOptionException(String key, String problem) {
        this(key, problem, null);
    }

    public InvalidOptionException(String key, String problem, Throwable cause) {
        super("option " + key + ": " + problem, cause);
        this.key = key;
        this.problem = problem;
    }

    /** The option key, e.g. {@code sink.batch-size}. */
    public String key() {
        return key;
    }

    /** What is wrong, naming the rule and the value. */
    public String problem() {
        return problem;
    }
}
