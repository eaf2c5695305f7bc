package io.redocdc.sinks.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import java.time.Instant;

class UtcTimesTest {

    @Test
    void currentTsHasSixFractionDigitsAcrossSecondChanges() {
        UtcTimes.CurrentTs currentTs = new UtcTimes.CurrentTs();

        assertThat(currentTs.format(Instant.parse("2026-11-30T03:00:00.000005999Z"))).isEqualTo("2026-11-30T03:00:00.000005");
        assertThat(currentTs.format(Instant.parse("2026-11-30T03:00:00.999999Z"))).isEqualTo("2026-11-30T03:00:00.999999");
        assertThat(currentTs.format(Instant.parse("2026-11-30T03:00:01Z"))).isEqualTo("2026-11-30T03:00:01.000000");
        assertThat(currentTs.format(Instant.parse("1999-12-31T23:59:59.1Z"))).isEqualTo("1999-12-31T23:59:59.100000");
    }

    @Test
    void opTsAndSourceMillis() {
        assertThat(UtcTimes.opTs("2026-01-01 10:00:00")).isEqualTo("2026-01-01 10:00:00.000000");
        assertThat(UtcTimes.opTs(null)).isNull();
        assertThat(UtcTimes.epochMillis("1970-01-01 00:00:01")).isEqualTo(1000L);
        assertThatThrownBy(() -> UtcTimes.epochMillis("2026-01-01T10:00:00"))
                .hasMessageContaining("'2026-01-01T10:00:00'").hasMessageContaining("yyyy-MM-dd HH:mm:ss");
    }
}
