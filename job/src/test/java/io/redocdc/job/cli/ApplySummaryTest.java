package io.redocdc.job.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import org.junit.jupiter.api.Test;

class ApplySummaryTest {

    @Test
    void theSummaryComparesPositionAndErrorQueueWithTheStartOfTheRun() throws Exception {
        try (ErrorQueueFixture target = new ErrorQueueFixture()) {
            JdbcSinkOptions options = JdbcSinkOptions.builder().jdbcUrl(target.url).user("sa").build();
            ApplySummary before = new ApplySummary("redo-cdc", null, 0, null);

            ApplySummary after = ApplySummary.read(options);

            assertThat(after.applied().commitScn()).isEqualTo(ErrorQueueFixture.MISSING_DELETE);
            assertThat(after.errorTransactions()).isEqualTo(2);
            assertThat(after.describe(before, 1.24)).isEqualTo("redo-cdc: JDBC sink redo-cdc applied up to commit SCN "
                    + "300 (position " + ErrorQueueFixture.position(ErrorQueueFixture.MISSING_DELETE) + ") in 1.2 s "
                    + "(before this run: nothing); 2 failed transactions in REDO_CDC_ERRORS (+2 in this run): see "
                    + "redo-cdc errors list");
        }
    }

    @Test
    void anUnreachableTargetIsReportedNotThrown() {
        JdbcSinkOptions options = JdbcSinkOptions.builder()
                .jdbcUrl("jdbc:h2:mem:surely_missing;IFEXISTS=TRUE").build();

        ApplySummary summary = ApplySummary.read(options);

        assertThat(summary.unreadable()).isNotBlank();
        assertThat(summary.describe(null, 2)).startsWith("redo-cdc: JDBC sink redo-cdc finished in 2.0 s; could not "
                + "read its position from the target: ");
    }
}
