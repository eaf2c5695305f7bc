package io.redocdc.source.logminer;

import java.util.List;

/**
 * The database is not ready for LogMiner capture. The message lists every problem found, each with the statement
 * that fixes it.
 */
public class OracleSetupException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    public OracleSetupException(String database, List<String> problems) {
        super(database + " is not ready for LogMiner capture:\n  - " + String.join("\n  - ", problems));
        this.problems = List.copyOf(problems);
    }

    public OracleSetupException(String message, Throwable cause) {
        super(message, cause);
        this.problems = List.of(message);
    }

    /** One entry per problem: what is wrong, then "; fix: <statement>". */
    public List<String> problems() {
        return problems;
    }
}
