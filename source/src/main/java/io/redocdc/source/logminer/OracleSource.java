package io.redocdc.source.logminer;

import io.redocdc.common.jdbc.Secret;
import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.Scn;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Entry point for a job that mines a real Oracle database:
 * <pre>{@code
 * LogMinerSettings settings = LogMinerSettings.builder()
 *         .connection(new OracleConnectionSettings(url, user, Secret.fromFile(passwordFile)))
 *         .include(List.of("OE.*")).build();
 * Scn start = OracleSource.resolveStart(settings, StartPosition.parse("now"));
 * RedoLogSource source = RedoLogSource.builder().catalog(OracleSource.catalog(settings)).startScn(start).build();
 * }</pre>
 */
public final class OracleSource {

    private static final Logger LOG = LoggerFactory.getLogger(OracleSource.class);

    private OracleSource() {
    }

    /** V$ARCHIVED_LOG plus one LogMiner session per log. */
    public static ArchivedLogCatalog catalog(LogMinerSettings settings) {
        return new OracleArchivedLogCatalog(settings);
    }

    /**
     * Connects once, runs the {@link OracleStartupChecks} for the settings' tables (logging their warnings), resolves
     * {@code start} and checks that the archived logs from there on are available.
     *
     * @throws OracleSetupException when the database is not ready, naming the statements that fix it
     */
    public static Scn resolveStart(LogMinerSettings settings, StartPosition start) {
        String database = settings.connection().description();
        try (Connection connection = settings.connection().open()) {
            for (String warning : OracleStartupChecks.run(connection, database, settings)) {
                LOG.warn("{}: {}", database, warning);
            }
            List<ArchivedLog> logs = ArchivedLogQuery.list(connection, settings.archiveDestId());
            Scn scn = new StartPositionResolver(connection, database).resolve(start, logs);
            OracleStartupChecks.checkStartAvailable(scn, logs, database);
            LOG.info("Capture from {} starts at SCN {} ({} {})", database, scn, StartPosition.OPTION, start);
            return scn;
        } catch (SQLException e) {
            throw new OracleSetupException("checking " + database + " and resolving " + StartPosition.OPTION + " "
                    + start + " failed: " + OracleErrors.describeCode(e) + ": " + e.getMessage(), e);
        }
    }
}
