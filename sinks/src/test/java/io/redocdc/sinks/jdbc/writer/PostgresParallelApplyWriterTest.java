package io.redocdc.sinks.jdbc.writer;

import io.redocdc.sinks.jdbc.JdbcSinkOptions;

/** The apply writer contract on PostgreSQL against the parallel writer (4 workers). */
class PostgresParallelApplyWriterTest extends PostgresApplyWriterTest {

    @Override
    protected JdbcSinkOptions.Builder options() {
        return super.options().applyParallelism(4);
    }
}
