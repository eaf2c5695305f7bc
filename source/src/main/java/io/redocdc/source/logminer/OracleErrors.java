package io.redocdc.source.logminer;

import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Classifies Oracle JDBC errors: which ones a retry may cure, and the ORA code to name in messages. */
final class OracleErrors {

    /** End-of-file on communication channel, not connected, I/O error, closed connection. */
    private static final Set<Integer> CONNECTION_LOST = Set.of(3113, 3114, 3135, 17002, 17008, 17410);
    /** ORA-01291 missing log file, ORA-00308 cannot open archived log: the file may be being copied or restored. */
    private static final Set<Integer> LOG_UNAVAILABLE = Set.of(1291, 308);
    private static final Pattern ORA_CODE = Pattern.compile("ORA-(\\d{5})");

    private OracleErrors() {
    }

    static boolean isConnectionLoss(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLRecoverableException || t instanceof SQLTransientConnectionException) {
                return true;
            }
            if (t instanceof SQLException sql && CONNECTION_LOST.contains(oracleCode(sql))) {
                return true;
            }
        }
        return false;
    }

    static boolean isLogUnavailable(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && LOG_UNAVAILABLE.contains(oracleCode(sql))) {
                return true;
            }
        }
        return false;
    }

    static boolean isRetryable(SQLException e) {
        return isConnectionLoss(e) || isLogUnavailable(e);
    }

    /** The vendor code, or the first ORA-nnnnn in the message (PL/SQL wraps the real error), or 0. */
    static int oracleCode(SQLException e) {
        if (e.getErrorCode() != 0) {
            return e.getErrorCode();
        }
        Matcher m = ORA_CODE.matcher(String.valueOf(e.getMessage()));
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    /** "ORA-01291" (or "error code 17002", "SQLState 08006") for messages. */
    static String describeCode(SQLException e) {
        int code = oracleCode(e);
        if (code != 0) {
            return code < 17000 ? String.format("ORA-%05d", code) : "ORA-" + code;
        }
        return "SQLState " + e.getSQLState();
    }

    /** Access problems: ORA-00942 (no such table or view, i.e. not granted), ORA-01031, or SQLState class 42. */
    static boolean isAccessDenied(SQLException e) {
        int code = oracleCode(e);
        String state = e.getSQLState();
        return code == 942 || code == 1031 || code == 4043 || (state != null && state.startsWith("42"));
    }
}
