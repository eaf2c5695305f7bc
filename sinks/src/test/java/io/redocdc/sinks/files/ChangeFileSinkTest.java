package io.redocdc.sinks.files;

import static io.redocdc.sinks.files.TestLcrs.insert;
import static io.redocdc.sinks.files.TestLcrs.str;
import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.lcr.Lcr;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The topology the savepoint contract depends on: stable uids and parallelism 1 along the sink. */
class ChangeFileSinkTest {

    @Test
    void splitAndSinksHaveStableUidsAndParallelismOne() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(4);
        ChangeFileSink.attach(
                env.fromData(TypeInformation.of(Lcr.class), insert(1240, 0, 1, 1234, str("ID", "1"))).setParallelism(1),
                FileSinkOptions.builder().directory("/tmp/never-written").build());

        Map<String, StreamNode> byUid = env.getStreamGraph().getStreamNodes().stream()
                .filter(node -> node.getTransformationUID() != null)
                .collect(Collectors.toMap(StreamNode::getTransformationUID, Function.identity()));

        assertThat(byUid).containsOnlyKeys("file-sink-data-filter", "file-sink-ddl-filter", "file-sink-data",
                "file-sink-ddl", "Sink Committer: file-sink-data", "Sink Committer: file-sink-ddl");
        byUid.forEach((uid, node) -> assertThat(node.getParallelism()).as(uid).isEqualTo(1));
    }
}
