package io.redocdc.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.files.RedoDirectory;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.RedoRecordSerializer;
import io.redocdc.source.model.Scn;
import io.redocdc.source.testing.InMemoryCatalog;
import io.redocdc.source.testing.TestRedoDirectory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.util.InstantiationUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RedoLogSourceBuilderTest {

    @TempDir
    Path dir;

    @Test
    void buildsWithDefaults() {
        TestRedoDirectory.create(dir);
        RedoLogSource source = RedoLogSource.builder().redoDirectory(dir).build();
        assertThat(source.getBoundedness()).isEqualTo(Boundedness.CONTINUOUS_UNBOUNDED);
        assertThat(source.settings()).isEqualTo(new SourceSettings(0, Long.MAX_VALUE, false, Duration.ofSeconds(5),
                Duration.ofMinutes(5)));
        assertThat(source.catalog()).isInstanceOf(RedoDirectory.class);
        assertThat(source.catalog().description()).isEqualTo("redo directory " + dir.toAbsolutePath());
    }

    @Test
    void buildsWithEveryOption() throws Exception {
        RedoLogSource source = RedoLogSource.builder().catalog(new InMemoryCatalog(List.of()))
                .startScn(Scn.of(100)).maxScn(Scn.of(100)).bounded(true)
                .discoveryInterval(Duration.ofMillis(200)).gapTimeout(Duration.ZERO).build();
        assertThat(source.getBoundedness()).isEqualTo(Boundedness.BOUNDED);
        assertThat(source.settings()).isEqualTo(new SourceSettings(100, 100, true, Duration.ofMillis(200), Duration.ZERO));
        RedoLogSource copy = InstantiationUtil.clone(source);
        assertThat(copy.settings()).isEqualTo(source.settings());
    }

    @Test
    void validationNamesTheOptionTheRuleAndTheValue() {
        Path missing = dir.resolve("nope");
        assertInvalid(RedoLogSource.builder(), "source.dir must be set to the redo directory; got null");
        assertInvalid(RedoLogSource.builder().redoDirectory(missing),
                "source.dir must be an existing directory; got " + missing);
        assertInvalid(RedoLogSource.builder().redoDirectory(dir),
                "source.dir must contain archived_logs.csv (the archived log catalog of the redo directory contract); got " + dir);
        TestRedoDirectory.create(dir);
        assertInvalid(RedoLogSource.builder().redoDirectory(dir).catalog(new InMemoryCatalog(List.of())),
                "source.dir set either a redo directory or a catalog, not both");
        assertInvalid(RedoLogSource.builder().redoDirectory(dir).startScn(null), "source.start-scn must be set; got null");
        assertInvalid(RedoLogSource.builder().redoDirectory(dir).startScn(Scn.of(500)).maxScn(Scn.of(499)),
                "source.max-scn must be at or above the start SCN 500; got 499");
        assertInvalid(RedoLogSource.builder().redoDirectory(dir).discoveryInterval(Duration.ZERO),
                "source.discovery-interval must be a positive duration of at least 1 ms; got PT0S");
        assertInvalid(RedoLogSource.builder().redoDirectory(dir).gapTimeout(Duration.ofSeconds(-1)),
                "source.gap-timeout must be zero or a positive duration; got PT-1S");
    }

    @Test
    void producesRedoRecordsWithTheirOwnSerializerNotKryo() {
        TypeInformation<RedoRecord> type = RedoLogSource.builder().catalog(new InMemoryCatalog(List.of())).build()
                .getProducedType();
        SerializerConfigImpl config = new SerializerConfigImpl();
        config.setGenericTypes(false);
        assertThat(type.createSerializer(config)).isInstanceOf(RedoRecordSerializer.class);
    }

    private static void assertInvalid(RedoLogSource.Builder builder, String message) {
        assertThatThrownBy(builder::build).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(message);
    }
}
