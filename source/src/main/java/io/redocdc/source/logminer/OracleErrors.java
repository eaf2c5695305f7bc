package io.redocdc.source.logminer;

import io.redocdc.common.jdbc.SqlErrors;
import java.sql.SQLException;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.stream.Collectors;

/**
 * Classifies Oracle JDBC errors beyond {@link SqlErrors}: which ones a retry may cure, and the ORA codes to name
 * in messages. Every code in the whole chain counts, not just the top one: a failed PL/SQL call reports the real
 * error beneath its own (DBMS_LOGMNR.ADD_LOGFILE: ORA-01284 over ORA-00308), in later lines of the message, in
 * causes or in {@link SQLException#getNextException()}.
 */
final class OracleErrors {

    /**
     * The log file cannot be read, maybe only for now (being copied, restored, or on another destination):
     * ORA-01291 missing log file; ORA-01284 file cannot be opened; ORA-00308 cannot open archived log (Database
     * Error Messages, https://docs.oracle.com/en/error-help/db/oci-01284 and the "00300-00369: Redo Log File
     * Messages" section).
     */
    private static final Set<Integer> LOG_UNAVAILABLE = Set.of(1291, 1284, 308);
    /** ORA-00942 table or view does not exist (i.e. not granted), ORA-01031, ORA-04043. */
    private static final Set<Integer> ACCESS_DENIED = Set.of(942, 1031, 4043);

    private OracleErrors() {
    }

    static boolean isLogUnavailable(SQLException e) {
        return hasAny(e, LOG_UNAVAILABLE);
    }

    static boolean isRetryable(SQLException e) {
        return SqlErrors.isConnectionLoss(e) || isLogUnavailable(e);
    }

    /** Access problems: one of {@link #ACCESS_DENIED} anywhere in the chain, or SQLState class 42. */
    static boolean isAccessDenied(SQLException e) {
        String state = e.getSQLState();
        return hasAny(e, ACCESS_DENIED) || (state != null && state.startsWith("42"));
    }

    private static boolean hasAny(SQLException e, Set<Integer> wanted) {
        return SqlErrors.codes(e).stream().anyMatch(wanted::contains);
    }

    /** The vendor code, or the first ORA-nnnnn in the message (PL/SQL wraps the real error), or 0. */
    static int oracleCode(SQLException e) {
        if (e.getErrorCode() != 0) {
            return e.getErrorCode();
        }
        Matcher m = SqlErrors.ORA_CODE.matcher(String.valueOf(e.getMessage()));
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    /** "ORA-01284, ORA-00308" (or "ORA-17002", "SQLState 08006") for messages: every code of the chain. */
    static String describeCode(SQLException e) {
        Set<Integer> codes = SqlErrors.codes(e);
        if (codes.isEmpty()) {
            return "SQLState " + e.getSQLState();
        }
        return codes.stream().map(code -> code < 17000 ? String.format("ORA-%05d", code) : "ORA-" + code)
                .collect(Collectors.joining(", "));
    }
}
