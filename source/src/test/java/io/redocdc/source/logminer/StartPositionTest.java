package io.redocdc.source.logminer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.model.Scn;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

class StartPositionTest {

    @Test
    void parsesEveryForm() {
        assertThat(StartPosition.parse("scn:1234")).isEqualTo(new StartPosition.AtScn(Scn.of(1234)));
        assertThat(StartPosition.parse(" SCN: 42 ")).isEqualTo(new StartPosition.AtScn(Scn.of(42)));
        assertThat(StartPosition.parse("987")).as("a bare number is an SCN")
                .isEqualTo(new StartPosition.AtScn(Scn.of(987)));
        assertThat(StartPosition.parse("timestamp:2026-02-28 13:45:59"))
                .isEqualTo(new StartPosition.AtTimestamp(LocalDateTime.of(2026, 2, 28, 13, 45, 59)));
        assertThat(StartPosition.parse("oldest")).isInstanceOf(StartPosition.Oldest.class);
        assertThat(StartPosition.parse("NOW")).isInstanceOf(StartPosition.Now.class);
    }

    @Test
    void printsAsParsed() {
        for (String text : new String[] {"scn:7", "timestamp:2026-02-28 13:45:59", "oldest", "now"}) {
            assertThat(StartPosition.parse(text)).hasToString(text);
        }
    }

    @Test
    void errorsNameTheOptionAndTheText() {
        assertThatThrownBy(() -> StartPosition.parse("scn:-1")).hasMessageStartingWith("source.start")
                .hasMessageContaining("'scn:-1'");
        assertThatThrownBy(() -> StartPosition.parse("timestamp:2026-02-30 10:00:00"))
                .hasMessageContaining("2026-02-30 10:00:00");
        assertThatThrownBy(() -> StartPosition.parse("yesterday")).hasMessageContaining("'yesterday'")
                .hasMessageContaining("scn:N | timestamp:YYYY-MM-DD HH:MM:SS | oldest | now");
    }
}
