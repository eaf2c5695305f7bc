package io.redocdc.common.options;

import static org.apache.flink.configuration.ConfigOptions.key;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

class OptionReadingTest {

    private static final ConfigOption<Integer> SIZE = key("x.size").intType().defaultValue(5);
    private static final ConfigOption<Boolean> FLAG = key("x.flag").booleanType().defaultValue(false);
    private static final ConfigOption<Duration> WAIT = key("x.wait").durationType().noDefaultValue();
    private static final ConfigOption<TimeUnit> UNIT = key("x.unit").enumType(TimeUnit.class).noDefaultValue();
    private static final ConfigOption<List<String>> TABLES = key("x.tables").stringType().asList().noDefaultValue();

    @Test
    void textValuesAreTrimmedAndTyped() {
        Configuration config = OptionReading.configuration(Map.of("x.size", " 7 ", "x.flag", " TRUE ",
                "x.wait", "2 s", "x.unit", "seconds", "x.tables", "A.*, B.C;D.E"));
        assertThat(OptionReading.get(config, SIZE)).isEqualTo(7);
        assertThat(OptionReading.get(config, FLAG)).isTrue();
        assertThat(OptionReading.get(config, WAIT)).isEqualTo(Duration.ofSeconds(2));
        assertThat(OptionReading.get(config, UNIT)).isEqualTo(TimeUnit.SECONDS);
        assertThat(OptionReading.items(config, TABLES)).containsExactly("A.*", "B.C", "D.E");
        assertThat(OptionReading.given(config, SIZE)).isTrue();
        assertThat(OptionReading.given(new Configuration(), SIZE)).as("a default is not given").isFalse();
        assertThat(OptionReading.get(new Configuration(), SIZE)).isEqualTo(5);
    }

    @Test
    void valuesThatDoNotConvertNameKeyValueAndWhatWasExpected() {
        assertThatThrownBy(() -> OptionReading.get(OptionReading.configuration(Map.of("x.size", "two")), SIZE))
                .isInstanceOf(InvalidOptionException.class).hasMessage("option x.size: 'two' is not an integer");
        assertThatThrownBy(() -> OptionReading.get(OptionReading.configuration(Map.of("x.flag", "yes")), FLAG))
                .hasMessage("option x.flag: expected true or false; got 'yes'");
        assertThatThrownBy(() -> OptionReading.get(OptionReading.configuration(Map.of("x.wait", "soon")), WAIT))
                .hasMessage("option x.wait: 'soon' is not a duration (examples: 500ms, 10s, 2min, 1h)");
        assertThatThrownBy(() -> OptionReading.get(OptionReading.configuration(Map.of("x.unit", "ages")), UNIT))
                .hasMessageStartingWith("option x.unit: expected one of [nanoseconds, microseconds,")
                .hasMessageEndingWith("; got 'ages'");
        assertThatThrownBy(() -> OptionReading.parse(OptionReading.configuration(Map.of("x.name", "?")),
                key("x.name").stringType().noDefaultValue(), text -> {
                    throw new IllegalArgumentException("'" + text + "' is not a name");
                })).hasMessage("option x.name: '?' is not a name");
    }

    @Test
    void docsDeriveLabelsAndDefaults() {
        assertThat(new OptionDoc(SIZE, null, null).valueLabel()).isEqualTo("N");
        assertThat(new OptionDoc(UNIT, null, null).valueLabel()).startsWith("nanoseconds|microseconds|");
        assertThat(new OptionDoc(FLAG, null, null).isFlag()).isTrue();
        assertThat(new OptionDoc(TABLES, "T", null).isList()).isTrue();
        assertThat(new OptionDoc(SIZE, null, null).defaultDescription()).isEqualTo("5");
        assertThat(new OptionDoc(key("x.w").durationType().defaultValue(Duration.ofMillis(200)), null, null)
                .defaultDescription()).isEqualTo("`200ms`");
        assertThat(OptionDoc.plain("see [Tables](#tables), `a\\|b`")).isEqualTo("see Tables, a|b");
    }
}
