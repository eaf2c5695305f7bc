package io.redocdc.sinks.jdbc.apply;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Prepared statements of one connection by SQL text, least recently used closed beyond a limit. Statements
 * holding a pending batch are pinned: closing one would lose its batch, and whoever needs the same SQL
 * meanwhile (resolving a conflict) gets a spare statement, so that the batch is not mixed with other executions.
 */
final class StatementCache implements AutoCloseable {

    static final int LIMIT = 64;

    private final Connection connection;
    private final LinkedHashMap<String, PreparedStatement> statements = new LinkedHashMap<>(16, 0.75f, true);
    private final Set<PreparedStatement> pinned = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<String, PreparedStatement> spares = new HashMap<>();

    StatementCache(Connection connection) {
        this.connection = connection;
    }

    PreparedStatement get(String sql) throws SQLException {
        PreparedStatement statement = statements.get(sql);
        if (statement != null && pinned.contains(statement)) {
            return spare(sql);
        }
        if (statement == null) {
            statement = connection.prepareStatement(sql);
            statements.put(sql, statement);
            evictBeyondLimit();
        }
        return statement;
    }

    /** Keeps {@code statement} open until {@link #unpin}, whatever the limit. */
    void pin(PreparedStatement statement) {
        pinned.add(statement);
    }

    void unpin(PreparedStatement statement) {
        pinned.remove(statement);
    }

    private PreparedStatement spare(String sql) throws SQLException {
        PreparedStatement spare = spares.get(sql);
        if (spare == null) {
            spare = connection.prepareStatement(sql);
            spares.put(sql, spare);
        }
        return spare;
    }

    private void evictBeyondLimit() throws SQLException {
        Iterator<Map.Entry<String, PreparedStatement>> eldestFirst = statements.entrySet().iterator();
        while (statements.size() > LIMIT && eldestFirst.hasNext()) {
            PreparedStatement eldest = eldestFirst.next().getValue();
            if (!pinned.contains(eldest)) {
                eldestFirst.remove();
                eldest.close();
            }
        }
    }

    @Override
    public void close() throws SQLException {
        SQLException first = null;
        List<PreparedStatement> all = new ArrayList<>(statements.values());
        all.addAll(spares.values());
        for (PreparedStatement statement : all) {
            try {
                statement.close();
            } catch (SQLException e) {
                first = first == null ? e : first;
            }
        }
        statements.clear();
        spares.clear();
        pinned.clear();
        if (first != null) {
            throw first;
        }
    }
}
