package io.redocdc.common.jdbc;

import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one classification of SQL errors for the Oracle source and every apply target: is the connection gone, and
 * a description for messages. Every exception of the chain counts, not just the top one (a failed PL/SQL call or a
 * batch reports the real error beneath its own, in causes or in {@link SQLException#getNextException()}).
 */
public final class SqlErrors {

    /**
     * SQLSTATEs of a server that ended the session or refuses new ones (PostgreSQL Error Codes, Appendix A, class 57
     * "Operator Intervention": 57P01 admin_shutdown, as pg_terminate_backend and a fast shutdown send it;
     * 57P02 crash_shutdown; 57P03 cannot_connect_now).
     */
    private static final Set<String> SESSION_ENDED_BY_SERVER = Set.of("57P01", "57P02", "57P03");
    /**
     * Oracle's vendor codes of a lost connection: ORA-03113 end-of-file on communication channel, ORA-03114 not
     * connected, ORA-03135 connection lost contact; the thin driver's 17002 I/O error, 17008 closed connection,
     * 17410 no more data to read from socket.
     */
    private static final Set<Integer> ORACLE_CONNECTION_LOST = Set.of(3113, 3114, 3135, 17002, 17008, 17410);
    /** An Oracle error code in a message, ORA-nnnnn. */
    public static final Pattern ORA_CODE = Pattern.compile("ORA-(\\d{5})");

    private SqlErrors() {
    }

    /**
     * True when the connection is gone (SQLTransientConnectionException, SQLRecoverableException, SQLState
     * class 08, the server ended the session, or one of Oracle's connection codes): the job should retry or fail
     * and restart from its checkpoint rather than treat the statement or transaction as bad.
     */
    public static boolean isConnectionLoss(SQLException e) {
        for (Throwable t : causes(e)) {
            if (t instanceof SQLTransientConnectionException || t instanceof SQLRecoverableException) {
                return true;
            }
            String state = t instanceof SQLException x ? x.getSQLState() : null;
            if (state != null && (state.startsWith("08") || SESSION_ENDED_BY_SERVER.contains(state))) {
                return true;
            }
        }
        return codes(e).stream().anyMatch(ORACLE_CONNECTION_LOST::contains);
    }

    /**
     * Every code of the chain in order, without repeats: each SQLException's vendor code and each ORA-nnnnn in any
     * message (PL/SQL reports the real error in later lines of its own message).
     */
    public static Set<Integer> codes(SQLException e) {
        Set<Integer> codes = new LinkedHashSet<>();
        for (Throwable t : causes(e)) {
            if (t instanceof SQLException sql && sql.getErrorCode() != 0) {
                codes.add(sql.getErrorCode());
            }
            Matcher m = ORA_CODE.matcher(String.valueOf(t.getMessage()));
            while (m.find()) {
                codes.add(Integer.parseInt(m.group(1)));
            }
        }
        return codes;
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

    /** The SQLExceptions of {@link #causes}. */
    public static List<SQLException> chain(SQLException e) {
        List<SQLException> chain = new ArrayList<>();
        for (Throwable t : causes(e)) {
            if (t instanceof SQLException x) {
                chain.add(x);
            }
        }
        return chain;
    }

    /**
     * {@code e}, its causes and its next exceptions, and theirs, depth first, each once. (SQLException's own
     * iterator misses the next exceptions of a cause, where a wrapped driver error keeps them.)
     */
    public static List<Throwable> causes(SQLException e) {
        List<Throwable> chain = new ArrayList<>();
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Throwable> pending = new ArrayDeque<>();
        pending.push(e);
        while (!pending.isEmpty()) {
            Throwable t = pending.pop();
            if (!seen.add(t)) {
                continue;
            }
            chain.add(t);
            if (t instanceof SQLException sql && sql.getNextException() != null) {
                pending.push(sql.getNextException());
            }
            if (t.getCause() != null) {
                pending.push(t.getCause());
            }
        }
        return chain;
    }
}
