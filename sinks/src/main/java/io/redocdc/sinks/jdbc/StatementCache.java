package io.redocdc.sinks.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/** Prepared statements of one connection by SQL text, least recently used closed beyond a limit. */
final class StatementCache implements AutoCloseable {

    private static final int LIMIT = 64;

    private final Connection connection;
    private final LinkedHashMap<String, PreparedStatement> statements = new LinkedHashMap<>(16, 0.75f, true);

    StatementCache(Connection connection) {
        this.connection = connection;
    }

    PreparedStatement get(String sql) throws SQLException {
        PreparedStatement statement = statements.get(sql);
        if (statement == null) {
            statement = connection.prepareStatement(sql);
            statements.put(sql, statement);
            if (statements.size() > LIMIT) {
                Map.Entry<String, PreparedStatement> eldest = statements.entrySet().iterator().next();
                statements.remove(eldest.getKey());
                eldest.getValue().close();
            }
        }
        return statement;
    }

    @Override
    public void close() throws SQLException {
        SQLException first = null;
        for (PreparedStatement statement : statements.values()) {
            try {
                statement.close();
            } catch (SQLException e) {
                first = first == null ? e : first;
            }
        }
        statements.clear();
        if (first != null) {
            throw first;
        }
    }
}
