package io.redocdc.sinks.jdbc;

import static io.redocdc.sinks.jdbc.testing.Transactions.txn;
import static io.redocdc.sinks.jdbc.testing.Transactions.v;
import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.lcr.Lcr;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;

class JdbcApplySinkTest {

    @Test
    void attachesWithAStableUidAndParallelismOne() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(3);
        DataStream<Lcr> sequenced = env.fromData(TypeInformation.of(Lcr.class),
                txn(100).insert("ORDERS", v("ID", "1")).build().get(0)).setParallelism(1);
        DataStreamSink<Lcr> sink = JdbcApplySink.attach(sequenced,
                JdbcSinkOptions.builder().jdbcUrl("jdbc:h2:mem:attach;MODE=Oracle").sinkName("job-a").build());
        assertThat(sink.getTransformation().getUid()).isEqualTo("jdbc-apply-sink");
        assertThat(sink.getTransformation().getParallelism()).isEqualTo(1);
        assertThat(sink.getTransformation().getName()).contains("job-a");
    }
}
