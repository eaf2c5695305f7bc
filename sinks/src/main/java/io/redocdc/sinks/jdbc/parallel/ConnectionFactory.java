package io.redocdc.sinks.jdbc.parallel;

import java.sql.Connection;
import java.sql.SQLException;

/** Opens a new connection to the apply target; each apply worker gets its own. */
@FunctionalInterface
public interface ConnectionFactory {

    Connection open() throws SQLException;
}
