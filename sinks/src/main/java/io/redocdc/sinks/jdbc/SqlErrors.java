package io.redocdc.sinks.jdbc;

import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/** Classifying and describing SQL errors the same way for every dialect. */
public final class SqlErrors {

    private SqlErrors() {
    }

    /**
     * SQLSTATEs of a server that ended the session or refuses new ones (PostgreSQL Error Codes, Appendix A, class 57
     * "Operator Intervention": 57P01 admin_shutdown, as pg_terminate_backend and a fast shutdown send it;
     * 57P02 crash_shutdown; 57P03 cannot_connect_now).
     */
    private static final Set<String> SESSION_ENDED_BY_SERVER = Set.of("57P01", "57P02", "57P03");

    /**
     * True when the connection is gone (SQLTransientConnectionException, SQLRecoverableException, SQLState
     * class 08, or the server ended the session): the job should fail and restart from its checkpoint rather than
     * treat the transaction as bad.
     */
    public static boolean isConnectionLoss(SQLException e) {
        for (SQLException x : chain(e)) {
            String state = x.getSQLState();
            if (x instanceof SQLTransientConnectionException || x instanceof SQLRecoverableException
                    || (state != null && (state.startsWith("08") || SESSION_ENDED_BY_SERVER.contains(state)))) {
                return true;
            }
        }
        return false;
    }

    /** {@code SQLSTATE 23505, vendor code 23505: message}, with chained exceptions' messages appended. */
    public static String describe(SQLException e) {
        StringBuilder text = new StringBuilder();
        for (SQLException x : chain(e)) {
            if (!text.isEmpty()) {
                text.append(" / ");
            }
            text.append("SQLSTATE ").append(x.getSQLState()).append(", vendor code ").append(x.getErrorCode())
                    .append(": ").append(x.getMessage());
        }
        return text.toString();
    }

    /** The exception, its next exceptions and its SQLException causes, each once. */
    static List<SQLException> chain(SQLException e) {
        List<SQLException> all = new ArrayList<>();
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<SQLException> todo = new ArrayList<>(List.of(e));
        while (!todo.isEmpty()) {
            SQLException x = todo.remove(0);
            if (!seen.add(x)) {
                continue;
            }
            all.add(x);
            if (x.getNextException() != null) {
                todo.add(x.getNextException());
            }
            if (x.getCause() instanceof SQLException cause) {
                todo.add(cause);
            }
        }
        return all;
    }
}
