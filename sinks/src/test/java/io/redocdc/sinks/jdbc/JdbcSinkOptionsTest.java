package io.redocdc.sinks.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.common.jdbc.Secret;
import io.redocdc.common.options.OptionReading;
import io.redocdc.sinks.jdbc.apply.ConflictPolicy;
import io.redocdc.sinks.jdbc.apply.ConflictResolution;
import io.redocdc.sinks.jdbc.dialect.H2Dialect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JdbcSinkOptionsTest {

    private static final String H2 = "jdbc:h2:mem:options;MODE=Oracle";

    /** Options as text, as a --config file or a SQL WITH clause gives them. */
    private static Configuration config(String... keysAndValues) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            values.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return OptionReading.configuration(values);
    }

    @Test
    void defaults() {
        JdbcSinkOptions options = JdbcSinkOptions.builder().jdbcUrl(H2).build();
        assertThat(options.batchSize()).isEqualTo(500);
        assertThat(options.onError()).isEqualTo(OnError.CONTINUE);
        assertThat(options.ddl()).isEqualTo(DdlHandling.SKIP);
        assertThat(options.sinkName()).isEqualTo("redo-cdc");
        assertThat(options.conflictPolicy("OE.ORDERS")).isEqualTo(ConflictPolicy.ERROR);
        assertThat(options.dialect()).isSameAs(H2Dialect.INSTANCE);
        assertThat(options.groupMaxRows()).isEqualTo(1000);
        assertThat(options.groupMaxLatencyMillis()).isEqualTo(200);
    }

    @Test
    void groupCommitOptions() {
        JdbcSinkOptions.Builder builder = JdbcSinkOptions.builder().jdbcUrl(H2);
        assertThat(builder.configure(config("sink.group-max-rows", "1", "sink.group-max-latency", "2s")).build())
                .extracting(JdbcSinkOptions::groupMaxRows, JdbcSinkOptions::groupMaxLatencyMillis)
                .containsExactly(1, 2000L);
        assertThat(builder.configure(config("sink.group-max-latency", "50")).build().groupMaxLatencyMillis())
                .isEqualTo(50);
        assertThat(builder.configure(config("sink.group-max-latency", "75 ms")).build().groupMaxLatencyMillis())
                .isEqualTo(75);
        assertThatThrownBy(() -> JdbcSinkOptions.builder().jdbcUrl(H2).configure(config("sink.group-max-rows", "0")).build())
                .hasMessageContaining("sink.group-max-rows").hasMessageContaining("got 0");
        assertThatThrownBy(() -> JdbcSinkOptions.builder().configure(config("sink.group-max-rows", "many")))
                .hasMessageContaining("sink.group-max-rows").hasMessageContaining("many");
        assertThatThrownBy(() -> JdbcSinkOptions.builder().configure(config("sink.group-max-latency", "soon")))
                .hasMessageContaining("sink.group-max-latency").hasMessageContaining("soon");
        assertThatThrownBy(() -> JdbcSinkOptions.builder().jdbcUrl(H2).configure(config("sink.group-max-latency", "0ms")).build())
                .hasMessageContaining("sink.group-max-latency").hasMessageContaining("at least 1 ms");
    }

    @Test
    void batchReorderIsOnByDefaultAndTakesOnlyTrueOrFalse() {
        assertThat(JdbcSinkOptions.builder().jdbcUrl(H2).build().batchReorder()).isTrue();
        assertThat(JdbcSinkOptions.builder().jdbcUrl(H2).configure(config("sink.batch-reorder", " FALSE ")).build()
                .batchReorder()).isFalse();
        assertThat(JdbcSinkOptions.builder().jdbcUrl(H2).configure(config("sink.batch-reorder", "true")).build()
                .batchReorder()).isTrue();
        assertThatThrownBy(() -> JdbcSinkOptions.builder().configure(config("sink.batch-reorder", "yes")))
                .hasMessageContaining("sink.batch-reorder").hasMessageContaining("'yes'");
    }

    @Test
    void batchMergeIsOnByDefaultAndTakesOnlyTrueOrFalse() {
        assertThat(JdbcSinkOptions.builder().jdbcUrl(H2).build().batchMerge()).isTrue();
        assertThat(JdbcSinkOptions.builder().jdbcUrl(H2).configure(config("sink.batch-merge", "false")).build()
                .batchMerge()).isFalse();
        assertThatThrownBy(() -> JdbcSinkOptions.builder().configure(config("sink.batch-merge", "1")))
                .hasMessageContaining("sink.batch-merge").hasMessageContaining("'1'");
    }

    @Test
    void parsesEveryOptionByKey(@TempDir Path dir) throws Exception {
        Path passwordFile = dir.resolve("pw");
        Files.writeString(passwordFile, "s3cret\n");
        JdbcSinkOptions options = JdbcSinkOptions.builder()
                .configure(config("sink.jdbc-url", "jdbc:postgresql://localhost/app",
                        "sink.user", "app",
                        "sink.password-file", passwordFile.toString(),
                        "sink.batch-size", "50",
                        "sink.table-map", "OE.ORDERS=APP.ORDERS2, HR.*=HR2.*",
                        "sink.column-map", "OE.ORDERS.NOTE=REMARK",
                        "sink.drop-columns", "OE.ORDERS.SECRET,OE.ORDERS.BLOBBY",
                        "sink.conflict", "OE.ORDERS=maximum:VERSION;OE.ITEMS=overwrite",
                        "sink.on-error", "stop",
                        "apply.parallelism", "4",
                        "sink.name", "job-a",
                        "sink.state-schema", "REDO"))
                .primaryKey("OE.ITEMS", "ORDER_ID", "LINE")
                .build();
        assertThat(options.password().reveal()).isEqualTo("s3cret");
        assertThat(options.toString()).contains("******").doesNotContain("s3cret");
        assertThat(options.batchSize()).isEqualTo(50);
        assertThat(options.tableMap()).containsEntry("OE.ORDERS", "APP.ORDERS2").containsEntry("HR.*", "HR2.*");
        assertThat(options.columnMap()).containsEntry("OE.ORDERS.NOTE", "REMARK");
        assertThat(options.dropColumns()).containsExactlyInAnyOrder("OE.ORDERS.SECRET", "OE.ORDERS.BLOBBY");
        assertThat(options.conflictPolicy("OE.ORDERS")).isEqualTo(new ConflictPolicy(ConflictResolution.MAXIMUM, "VERSION"));
        assertThat(options.conflictPolicy("OE.ITEMS").resolution()).isEqualTo(ConflictResolution.OVERWRITE);
        assertThat(options.primaryKeys()).containsEntry("OE.ITEMS", List.of("ORDER_ID", "LINE"));
        assertThat(options.onError()).isEqualTo(OnError.STOP);
        assertThat(options.applyParallelism()).isEqualTo(4);
        assertThat(options.sinkName()).isEqualTo("job-a");
        assertThat(options.stateSchema()).isEqualTo("REDO");
        assertThat(Secret.of("x").toString()).isEqualTo("******");
    }

    @Test
    void errorsNameTheOptionKey() {
        assertThatThrownBy(() -> JdbcSinkOptions.builder().build()).hasMessageContaining("sink.jdbc-url");
        assertThatThrownBy(() -> JdbcSinkOptions.builder().jdbcUrl("jdbc:db2://x").build())
                .hasMessageContaining("sink.jdbc-url");
        assertThatThrownBy(() -> JdbcSinkOptions.builder().jdbcUrl(H2).batchSize(0).build())
                .hasMessageContaining("sink.batch-size").hasMessageContaining("got 0");
        assertThatThrownBy(() -> JdbcSinkOptions.builder().jdbcUrl(H2).mapTable("OE.*", "APP.ORDERS").build())
                .hasMessageContaining("sink.table-map");
        assertThatThrownBy(() -> JdbcSinkOptions.builder().jdbcUrl(H2).mapColumn("OE.ORDERS", "X").build())
                .hasMessageContaining("sink.column-map");
        assertThatThrownBy(() -> JdbcSinkOptions.builder().jdbcUrl(H2).dropColumn("NOTE").build())
                .hasMessageContaining("sink.drop-columns");
        assertThatThrownBy(() -> JdbcSinkOptions.builder().configure(config("sink.conflict", "OE.ORDERS=newest")))
                .hasMessageContaining("sink.conflict.OE.ORDERS").hasMessageContaining("newest");
        assertThatThrownBy(() -> JdbcSinkOptions.builder().configure(config("sink.conflict", "OE.ORDERS=maximum")))
                .hasMessageContaining("sink.conflict.OE.ORDERS");
        assertThatThrownBy(() -> JdbcSinkOptions.builder().configure(config("sink.on-error", "ignore")))
                .hasMessageContaining("sink.on-error");
        assertThatThrownBy(() -> JdbcSinkOptions.builder().jdbcUrl(H2).applyParallelism(0).build())
                .hasMessageContaining("apply.parallelism");
        assertThatThrownBy(() -> JdbcSinkOptions.builder().jdbcUrl(H2).ddl(DdlHandling.EXECUTE).build())
                .hasMessageContaining("sink.ddl").hasMessageContaining("H2");
        assertThatThrownBy(() -> JdbcSinkOptions.builder().configure(config("sink.password-file", "/nonexistent/pw")))
                .hasMessageContaining("sink.password-file");
        assertThatThrownBy(() -> JdbcSinkOptions.fromMap(Map.of("sink.batchsize", "5")))
                .hasMessageContaining("sink.batchsize");
        assertThat(JdbcSinkOptions.builder().jdbcUrl("jdbc:oracle:thin:@//h/s").ddl(DdlHandling.EXECUTE).build().ddl())
                .isEqualTo(DdlHandling.EXECUTE);
    }
}
