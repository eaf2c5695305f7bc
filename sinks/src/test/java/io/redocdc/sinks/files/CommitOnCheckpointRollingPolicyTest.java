package io.redocdc.sinks.files;

import static io.redocdc.sinks.files.TestLcrs.insert;
import static io.redocdc.sinks.files.TestLcrs.str;
import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.lcr.Lcr;
import org.apache.flink.streaming.api.functions.sink.filesystem.PartFileInfo;
import org.junit.jupiter.api.Test;

class CommitOnCheckpointRollingPolicyTest {

    private final CommitOnCheckpointRollingPolicy<Lcr> policy = new CommitOnCheckpointRollingPolicy<>(100);
    private final Lcr lcr = insert(1240, 0, 1, 1234, str("ID", "1"));

    @Test
    void rollsEveryPartOnCheckpointSoItIsCommittedWithIt() throws Exception {
        assertThat(policy.shouldRollOnCheckpoint(part(1))).isTrue();
        assertThat(policy.shouldRollOnCheckpoint(part(0))).isTrue();
    }

    @Test
    void rollsOnEventOnlyAtTheMaximumSize() throws Exception {
        assertThat(policy.shouldRollOnEvent(part(99), lcr)).isFalse();
        assertThat(policy.shouldRollOnEvent(part(100), lcr)).isTrue();
    }

    @Test
    void neverRollsOnProcessingTime() throws Exception {
        assertThat(policy.shouldRollOnProcessingTime(part(1_000_000), Long.MAX_VALUE)).isFalse();
    }

    private static PartFileInfo<String> part(long size) {
        return new PartFileInfo<>() {
            @Override
            public String getBucketId() {
                return "OE.ORDERS";
            }

            @Override
            public long getCreationTime() {
                return 0;
            }

            @Override
            public long getSize() {
                return size;
            }

            @Override
            public long getLastUpdateTime() {
                return 0;
            }
        };
    }
}
