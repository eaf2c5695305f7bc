package io.redocdc.source.logminer;

import java.util.List;

/**
 * The database is not ready for LogMiner capture. The message lists every problem found, each with the statement
 * that fixes it.
 */
public class OracleSetupException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public OracleSetupException(String database, List<String> problems) {
        super(database + " is not ready for LogMiner capture:\n  - " + String.join("\n  - ", problems));
    }

    public OracleSetupException(String message, Throwable cause) {
        super(message, cause);
    }
}
