package io.redocdc.sinks.jdbc.testing;

import java.sql.SQLException;

/**
 * The databases a JDBC test can run against; use with {@code @ParameterizedTest @EnumSource(TestDatabaseKind.class)}
 * and open the database inside the test, so a PostgreSQL run that is not configured skips only its own case.
 */
public enum TestDatabaseKind {
    H2 {
        @Override
        public TestDatabase open() throws SQLException {
            return H2TestDatabase.create();
        }
    },
    POSTGRESQL {
        @Override
        public TestDatabase open() throws SQLException {
            return PostgresTestDatabase.create();
        }
    };

    /** A fresh, isolated database of this kind. */
    public abstract TestDatabase open() throws SQLException;
}
