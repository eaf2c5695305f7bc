package io.redocdc.sinks.files;

import static io.redocdc.sinks.files.CommitOnCheckpointRollingPolicy.SIZE_CHECK_EVENTS;
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
        assertThat(rollsWithin(part(99), SIZE_CHECK_EVENTS * 3)).isEqualTo(-1);
        assertThat(rollsWithin(part(100), SIZE_CHECK_EVENTS)).isEqualTo(SIZE_CHECK_EVENTS);
    }

    @Test
    void looksAtTheSizeOnlyEverySoManyEventsOfEachBucket() throws Exception {
        int[] sizeReads = new int[1];
        PartFileInfo<String> full = part("OE.ORDERS", 100, sizeReads);
        for (int i = 1; i < SIZE_CHECK_EVENTS; i++) {
            assertThat(policy.shouldRollOnEvent(part("OE.OTHER", 100, sizeReads), lcr)).isFalse();
            assertThat(policy.shouldRollOnEvent(full, lcr)).as("event %d", i).isFalse();
        }
        assertThat(sizeReads[0]).isZero();
        assertThat(policy.shouldRollOnEvent(full, lcr)).isTrue();
        assertThat(sizeReads[0]).isEqualTo(1);
    }

    /** The event (1-based) of {@code events} on which the policy rolls the part, or -1. */
    private int rollsWithin(PartFileInfo<String> part, int events) throws Exception {
        for (int event = 1; event <= events; event++) {
            if (policy.shouldRollOnEvent(part, lcr)) {
                return event;
            }
        }
        return -1;
    }

    @Test
    void neverRollsOnProcessingTime() throws Exception {
        assertThat(policy.shouldRollOnProcessingTime(part(1_000_000), Long.MAX_VALUE)).isFalse();
    }

    private static PartFileInfo<String> part(long size) {
        return part("OE.ORDERS", size, new int[1]);
    }

    private static PartFileInfo<String> part(String bucket, long size, int[] sizeReads) {
        return new PartFileInfo<>() {
            @Override
            public String getBucketId() {
                return bucket;
            }

            @Override
            public long getCreationTime() {
                return 0;
            }

            @Override
            public long getSize() {
                sizeReads[0]++;
                return size;
            }

            @Override
            public long getLastUpdateTime() {
                return 0;
            }
        };
    }
}
