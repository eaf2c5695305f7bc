package io.redocdc.source.logminer;

import java.io.Serializable;
import java.sql.Connection;
import java.sql.SQLException;

/** Opens JDBC connections to the mined database; serializable because the source ships it to every reader. */
public interface ConnectionFactory extends Serializable {

    /** A new connection with the session settings LogMiner queries rely on. */
    Connection open() throws SQLException;

    /** Names the database in messages, without credentials. */
    String description();
}
