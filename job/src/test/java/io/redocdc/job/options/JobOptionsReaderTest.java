package io.redocdc.job.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.job.pipeline.ClusterSetting;
import io.redocdc.job.pipeline.JobOptions;
import io.redocdc.job.pipeline.StateBackendKind;
import io.redocdc.sinks.jdbc.OnError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.flink.configuration.ConfigOption;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Options as a map (a SQL table's WITH clause, an embedding program): the same checks as the command line. */
class JobOptionsReaderTest {

    @TempDir
    Path tmp;
    Path redo;

    @BeforeEach
    void redoDirectory() throws IOException {
        redo = Files.createDirectories(tmp.resolve("redo"));
        Files.writeString(redo.resolve("archived_logs.csv"), "THREAD#,SEQUENCE#\n");
    }

    @Test
    void aMapGivesTypedOptions() {
        JobOptions options = JobOptionsReader.fromMap(Map.of("source.dir", redo.toString(), "sink.dir", "out",
                "parallelism", "3", "state.backend", "RocksDB", "checkpoint.interval", "2 s",
                "capture.include", "OE.*,HR.*", "primary-key", "oe.orders=id;oe.items=order_id, line"));

        assertThat(options.parallelism()).isEqualTo(3);
        assertThat(options.stateBackend()).isEqualTo(StateBackendKind.ROCKSDB);
        assertThat(options.checkpointInterval()).isEqualTo(Duration.ofSeconds(2));
        assertThat(options.include()).containsExactly("OE.*", "HR.*");
        assertThat(options.primaryKeys()).isEqualTo(Map.of("OE.ORDERS", List.of("ID"),
                "OE.ITEMS", List.of("ORDER_ID", "LINE")));
    }

    @Test
    void aMapIsCheckedAsTheCommandLineIs() {
        assertThatThrownBy(() -> JobOptionsReader.fromMap(Map.of("source.dir", redo.toString(), "sink.dir", "o",
                "parallelism", "0")))
                .isInstanceOf(JobOptionException.class)
                .hasMessage("Invalid value for option '--parallelism': must be between 1 and 1024 (got '0')");
        assertThatThrownBy(() -> JobOptionsReader.fromMap(Map.of("source.dir", redo.toString(), "sink.dir", "o",
                "parallelism", "two")))
                .hasMessage("Invalid option --parallelism: 'two' is not an integer");
        assertThatThrownBy(() -> JobOptionsReader.fromMap(Map.of("source.dir", redo.toString(),
                "sink.type", "jdbc", "sink.jdbc-url", "jdbc:h2:mem:x", "sink.on-error", "ignore")))
                .hasMessage("Invalid option --sink.on-error: expected one of [continue, stop]; got 'ignore'");
        assertThatThrownBy(() -> JobOptionsReader.fromMap(Map.of("sink.dir", "o")))
                .hasMessageContaining("'--source.dir': is required for --source.type directory");
    }

    @Test
    void theOriginOfAValueIsNamed() {
        Map<String, String> values = Map.of("source.dir", redo.toString(), "sink.dir", "o", "parallelism", "two");
        assertThatThrownBy(() -> JobOptionsReader.read(JobOptionsReader.configuration(values),
                key -> "key " + key + " in job.properties"))
                .hasMessage("Invalid option --parallelism: 'two' is not an integer (key parallelism in job.properties)");
    }

    @Test
    void onlyGivenClusterSettingsCount() {
        assertThat(JobOptionsReader.givenClusterSettings(JobOptionsReader.configuration(Map.of("parallelism", "2",
                "checkpoint.dir", "cp")))).containsExactlyInAnyOrder(ClusterSetting.PARALLELISM,
                ClusterSetting.CHECKPOINT_DIR);
    }

    @Test
    void aJdbcSinkFromAMap() {
        JobOptions options = JobOptionsReader.fromMap(Map.of("source.dir", redo.toString(), "sink.type", "jdbc",
                "sink.jdbc-url", "jdbc:h2:mem:x", "sink.on-error", "stop", "sink.conflict",
                "OE.A=overwrite;OE.B=discard,OE.C=error"));
        assertThat(options.jdbcSink().onError()).isEqualTo(OnError.STOP);
        assertThat(options.jdbcSink().conflictPolicies()).containsOnlyKeys("OE.A", "OE.B", "OE.C");
    }

    /** The example job file (its commented alternatives too) uses option keys only, which read as options. */
    @Test
    void theExampleJobFileNamesOnlyOptions() throws IOException {
        Set<String> keys = new TreeSet<>();
        RunOptions.all().forEach(option -> keys.add(option.key()));
        Map<String, String> values = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Path.of("..", "flink-conf", "example-job.properties"))) {
            String setting = line.replaceFirst("^#\\s*", "");
            int eq = setting.indexOf('=');
            if (eq > 0 && !setting.contains(" ") && !line.startsWith("# Keys")) {
                assertThat(keys).as("key of line '%s'", line).contains(setting.substring(0, eq));
                if (!line.startsWith("#")) {
                    values.put(setting.substring(0, eq), setting.substring(eq + 1));
                }
            }
        }
        values.put("source.dir", redo.toString());
        JobOptions options = JobOptionsReader.fromMap(values);
        assertThat(options.parallelism()).isEqualTo(4);
        assertThat(options.stateBackend()).isEqualTo(StateBackendKind.ROCKSDB);
        assertThat(options.primaryKeys()).containsOnlyKeys("OE.ORDERS");
    }

    /** Users have these keys in config files: the definitions must keep every one of them. */
    @Test
    void everyOptionKeepsItsName() {
        TreeSet<String> keys = new TreeSet<>();
        for (ConfigOption<?> option : RunOptions.all()) {
            keys.add(option.key());
        }
        assertThat(keys).containsExactly("apply.parallelism", "capture.exclude", "capture.include",
                "checkpoint.dir", "checkpoint.interval", "dead-letter", "log-file", "parallelism", "primary-key",
                "restore", "sink.batch-merge", "sink.batch-reorder", "sink.batch-size", "sink.column-map",
                "sink.conflict", "sink.ddl", "sink.dir", "sink.drop-columns", "sink.format",
                "sink.group-max-latency", "sink.group-max-rows", "sink.jdbc-url", "sink.name", "sink.on-error",
                "sink.password-env", "sink.password-file", "sink.spool-memory-lcrs", "sink.state-schema",
                "sink.table-map", "sink.type", "sink.user", "source.archive-dest-id", "source.bounded",
                "source.database", "source.dictionary", "source.dir", "source.fetch-size", "source.jdbc-url",
                "source.max-scn", "source.nls", "source.nls-date-format", "source.nls-numeric-characters",
                "source.nls-time-zone", "source.nls-timestamp-format", "source.nls-timestamp-tz-format",
                "source.password-env", "source.password-file", "source.pdb", "source.start", "source.start-scn",
                "source.type", "source.user", "state.backend", "verbose");
    }
}
