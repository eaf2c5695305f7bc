package io.redocdc.job.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class ProgressLineTest {

    private final ProgressLine line = new ProgressLine(ZoneOffset.UTC);

    @Test
    void showsEveryFigure() {
        long redoTime = LocalDateTime.of(2026, 3, 1, 8, 0, 49).toInstant(ZoneOffset.UTC).toEpochMilli();
        assertThat(line.format(new ProgressFigures(2, 4, 12_345.6, 73690674317L, redoTime, 671, 3_723_000)))
                .isEqualTo("logs 2/4 | 12,346 changes/s | frontier SCN 73690674317 (2026-03-01 08:00:49) | "
                        + "671 open transactions | lag 1 h 2 min");
    }

    @Test
    void figuresNotKnownYetAreDashes() {
        assertThat(line.format(ProgressFigures.NONE))
                .isEqualTo("logs -/- | - changes/s | frontier SCN - | - open transactions | lag -");
    }

    @Test
    void lagsReadTheWayPeopleSayThem() {
        assertThat(ProgressLine.duration(850)).isEqualTo("850 ms");
        assertThat(ProgressLine.duration(42_999)).isEqualTo("42 s");
        assertThat(ProgressLine.duration(425_000)).isEqualTo("7 min 5 s");
        assertThat(ProgressLine.duration(11_520_000)).isEqualTo("3 h 12 min");
        assertThat(ProgressLine.duration(367_200_000)).isEqualTo("4 d 6 h");
    }
}
