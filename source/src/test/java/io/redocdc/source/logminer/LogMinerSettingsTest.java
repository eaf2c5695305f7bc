package io.redocdc.source.logminer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.common.jdbc.Secret;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class LogMinerSettingsTest {

    private static final OracleConnectionSettings CONNECTION =
            new OracleConnectionSettings("jdbc:oracle:thin:@//db:1521/ORCL", "CDC", Secret.of("pw"));

    @Test
    void defaults() {
        LogMinerSettings settings = LogMinerSettings.builder().connection(CONNECTION).build();
        assertThat(settings.dictionaryMode()).isEqualTo(DictionaryMode.ONLINE_CATALOG);
        assertThat(settings.fetchSize()).isEqualTo(10_000);
        assertThat(settings.include()).containsExactly("*.*");
        assertThat(settings.exclude()).contains("SYS.*", "SYSTEM.*", "APEX_*.*");
        assertThat(settings.retry()).isEqualTo(RetryPolicy.DEFAULT);
        assertThat(settings.archiveDestId()).isZero();
        assertThat(settings.pdb()).isNull();
    }

    @Test
    void pdbIsAnUpperCaseNameAndNeedsADictionary() {
        assertThat(LogMinerSettings.builder().connection(CONNECTION).pdb("orclpdb1").build().pdb())
                .isEqualTo("ORCLPDB1");
        assertThatThrownBy(() -> LogMinerSettings.builder().connection(CONNECTION).pdb("ORCLPDB1'--").build())
                .hasMessageStartingWith("source.pdb must be a PDB name").hasMessageEndingWith("got ORCLPDB1'--");
        assertThatThrownBy(() -> LogMinerSettings.builder().connection(CONNECTION).pdb("1PDB").build())
                .hasMessageStartingWith("source.pdb");
        assertThatThrownBy(() -> LogMinerSettings.builder().connection(CONNECTION).pdb("ORCLPDB1")
                .dictionaryMode(DictionaryMode.NONE).build())
                .hasMessageStartingWith("source.pdb needs a LogMiner dictionary")
                .hasMessageContaining("source.dictionary online-catalog or redo-logs");
    }

    @Test
    void buildNamesTheOptionAtFault() {
        assertThatThrownBy(() -> LogMinerSettings.builder().build()).hasMessageStartingWith("source.jdbc-url");
        assertThatThrownBy(() -> LogMinerSettings.builder().connection(new OracleConnectionSettings(
                "jdbc:postgresql://db/x", "CDC", Secret.of("pw"))).build())
                .hasMessageStartingWith("source.jdbc-url").hasMessageContaining("jdbc:postgresql://db/x");
        assertThatThrownBy(() -> LogMinerSettings.builder().connection(new OracleConnectionSettings(
                "jdbc:oracle:thin:@//db/ORCL", " ", Secret.of("pw"))).build()).hasMessageStartingWith("source.user");
        assertThatThrownBy(() -> LogMinerSettings.builder().connection(new OracleConnectionSettings(
                "jdbc:oracle:thin:@//db/ORCL", "CDC", null)).build()).hasMessageStartingWith("source.password-file");
        assertThatThrownBy(() -> LogMinerSettings.builder().connection(CONNECTION).dictionaryMode(null).build())
                .hasMessageStartingWith("source.dictionary");
        assertThatThrownBy(() -> LogMinerSettings.builder().connection(CONNECTION).fetchSize(0).build())
                .hasMessageStartingWith("source.fetch-size").hasMessageEndingWith("got 0");
        assertThatThrownBy(() -> LogMinerSettings.builder().connection(CONNECTION).include(List.of("ORDERS"))
                .build()).hasMessageStartingWith("capture.include").hasMessageContaining("ORDERS");
        assertThatThrownBy(() -> LogMinerSettings.builder().connection(CONNECTION).exclude(List.of("OE."))
                .build()).hasMessageStartingWith("capture.exclude");
        assertThatThrownBy(() -> LogMinerSettings.builder().connection(CONNECTION).archiveDestId(32).build())
                .hasMessageStartingWith("source.archive-dest-id");
    }

    @Test
    void passwordIsNeverInAValidationMessage() {
        assertThatThrownBy(() -> LogMinerSettings.builder().connection(new OracleConnectionSettings(
                "jdbc:mysql://u:hunter2@db", "CDC", Secret.of("hunter2"))).build())
                .hasMessageNotContaining("hunter2");
    }

    @Test
    void dictionaryModeOptionValues() {
        assertThat(DictionaryMode.parse("online-catalog")).isEqualTo(DictionaryMode.ONLINE_CATALOG);
        assertThat(DictionaryMode.parse(" REDO_LOGS ")).isEqualTo(DictionaryMode.REDO_LOGS);
        assertThat(DictionaryMode.parse("none")).isEqualTo(DictionaryMode.NONE);
        assertThatThrownBy(() -> DictionaryMode.parse("flat-file")).hasMessageStartingWith("source.dictionary")
                .hasMessageContaining("online-catalog|redo-logs|none").hasMessageContaining("flat-file");
    }

    @Test
    void retryBackoffDoublesUpToTheMaximum() {
        RetryPolicy policy = new RetryPolicy(6, Duration.ofSeconds(1), Duration.ofSeconds(5));
        assertThat(List.of(policy.backoffAfter(1), policy.backoffAfter(2), policy.backoffAfter(3),
                policy.backoffAfter(4), policy.backoffAfter(40)))
                .containsExactly(Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4),
                        Duration.ofSeconds(5), Duration.ofSeconds(5));
        assertThatThrownBy(() -> new RetryPolicy(0, Duration.ZERO, Duration.ZERO)).hasMessageContaining("attempts");
        assertThatThrownBy(() -> new RetryPolicy(2, Duration.ofSeconds(2), Duration.ofSeconds(1)))
                .hasMessageContaining("backoff");
    }
}
