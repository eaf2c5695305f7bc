package io.redocdc.operators.lcr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import org.junit.jupiter.api.Test;

class TimestampTzTextTest {

    @Test
    void anOffsetOrARegionFollowsTheLocalTime() {
        TimestampTzText offset = TimestampTzText.parse("2026-03-29 01:30:00.5 +05:30");
        assertThat(offset.local()).isEqualTo(LocalDateTime.of(2026, 3, 29, 1, 30, 0, 500_000_000));
        assertThat(offset.offset()).isEqualTo(ZoneOffset.ofHoursMinutes(5, 30));

        // Oracle prints regions upper case; the offset is the region's at that local time (summer time here)
        assertThat(TimestampTzText.parse("2026-07-01 08:00:00 EUROPE/PARIS").offset()).isEqualTo(ZoneOffset.ofHours(2));
    }

    @Test
    void aValueWithoutZoneHasNone() {
        TimestampTzText local = TimestampTzText.parse("2026-03-29 01:30:00");
        assertThat(local.hasZone()).isFalse();
        assertThat(local.local()).isEqualTo(LocalDateTime.of(2026, 3, 29, 1, 30));
        assertThatThrownBy(local::offset).isInstanceOf(DateTimeException.class);
    }

    @Test
    void badTextAndUnknownZonesFail() {
        assertThatThrownBy(() -> TimestampTzText.parse("29-MAR-26 01.30.00 +05:30"))
                .isInstanceOf(DateTimeParseException.class);
        assertThatThrownBy(() -> TimestampTzText.parse("2026-03-29 01:30:00 MARS/OLYMPUS").offset())
                .isInstanceOf(DateTimeException.class);
    }
}
