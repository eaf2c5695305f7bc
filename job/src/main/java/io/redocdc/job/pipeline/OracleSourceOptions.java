package io.redocdc.job.pipeline;

import io.redocdc.source.logminer.LogMinerSettings;
import io.redocdc.source.logminer.StartPosition;

/**
 * A job that mines an Oracle database directly ({@code --source.type oracle}) rather than reading a redo directory.
 *
 * @param logMiner connection, dictionary, fetch size and table filters of the LogMiner sessions
 * @param start    where capture starts; resolved to an SCN on the database before the job is built
 */
public record OracleSourceOptions(LogMinerSettings logMiner, StartPosition start) {

    /** The database without credentials, for banners and job names. */
    public String description() {
        return logMiner.connection().description();
    }
}
