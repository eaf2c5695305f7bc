package io.redocdc.sinks.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.common.jdbc.Secret;
import org.junit.jupiter.api.Test;

class JdbcConnectionsTest {

    @Test
    void postgresBatchesOfInsertsAreRewrittenUnlessTheUrlSaysOtherwise() {
        JdbcSinkOptions postgres = JdbcSinkOptions.builder().jdbcUrl("jdbc:postgresql://db/app").user("app")
                .password(Secret.of("pw")).build();
        assertThat(JdbcConnections.properties(postgres)).containsEntry("reWriteBatchedInserts", "true")
                .containsEntry("user", "app").containsEntry("password", "pw");

        JdbcSinkOptions explicit = JdbcSinkOptions.builder()
                .jdbcUrl("jdbc:postgresql://db/app?rewritebatchedinserts=false").build();
        assertThat(JdbcConnections.properties(explicit)).doesNotContainKey("reWriteBatchedInserts");

        JdbcSinkOptions h2 = JdbcSinkOptions.builder().jdbcUrl("jdbc:h2:mem:x").build();
        assertThat(JdbcConnections.properties(h2)).isEmpty();
    }
}
