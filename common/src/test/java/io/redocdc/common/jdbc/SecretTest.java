package io.redocdc.common.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretTest {

    @TempDir
    Path dir;

    @Test
    void secretErrorsNameTheFileOrVariableButNotTheContent() throws Exception {
        Path missing = dir.resolve("missing-password");
        assertThatThrownBy(() -> Secret.fromFile(missing)).hasMessageContaining(missing.toString());
        Path empty = Files.writeString(dir.resolve("empty"), "\n");
        assertThatThrownBy(() -> Secret.fromFile(empty)).hasMessageContaining(empty.toString())
                .hasMessageContaining("empty");
        assertThatThrownBy(() -> Secret.fromEnv("REDO_CDC_TEST_UNSET_VARIABLE_4711"))
                .hasMessageContaining("REDO_CDC_TEST_UNSET_VARIABLE_4711");
        assertThat(Secret.fromEnv("PW", "from-env").reveal()).isEqualTo("from-env");
    }
}
