package io.redocdc.sinks.jdbc.writer;

import io.redocdc.sinks.jdbc.JdbcSinkOptions;

/** The apply writer contract on H2 against the parallel writer (4 workers). */
class H2ParallelApplyWriterTest extends H2ApplyWriterTest {

    @Override
    protected JdbcSinkOptions.Builder options() {
        return super.options().applyParallelism(4);
    }
}
