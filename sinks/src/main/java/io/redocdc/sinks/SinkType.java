package io.redocdc.sinks;

/** Where {@code run} delivers committed transactions (option --sink.type). */
public enum SinkType {
    /** ogg-json or debezium-json change files under --sink.dir. */
    FILES,
    /** Applied to Oracle, PostgreSQL or H2 through JDBC, exactly once (the JDBC apply sink). */
    JDBC
}
