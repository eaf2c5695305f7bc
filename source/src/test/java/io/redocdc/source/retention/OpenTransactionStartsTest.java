package io.redocdc.source.retention;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The report crosses the JobMaster's RPC as JDK values (ClusterITCase caught a job class there failing). */
class OpenTransactionStartsTest {

    @Test
    void aReportSurvivesItsRpcForm() {
        OpenTransactionStarts starts = new OpenTransactionStarts(12, 1, 3, Map.of(2, 45L, 1, 97L));

        assertThat(starts.toRpcValue()).containsExactly(12, 1, 3, 1, 97, 2, 45);
        assertThat(OpenTransactionStarts.fromRpcValue(starts.toRpcValue())).isEqualTo(starts);
        assertThat(OpenTransactionStarts.fromRpcValue(new OpenTransactionStarts(5, 0, 1, Map.of()).toRpcValue()))
                .isEqualTo(new OpenTransactionStarts(5, 0, 1, Map.of()));
    }

    @Test
    void aMalformedRpcValueIsRejected() {
        assertThatThrownBy(() -> OpenTransactionStarts.fromRpcValue(new long[] {1, 0, 2, 1}))
                .hasMessage("an open-transaction report has 3 + 2n values, got 4");
    }
}
