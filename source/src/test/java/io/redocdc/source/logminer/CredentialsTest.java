package io.redocdc.source.logminer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.common.jdbc.JdbcUrls;
import io.redocdc.common.jdbc.Secret;
import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Secret, URL masking and connection settings never show a password. */
class CredentialsTest {

    @TempDir
    Path dir;

    @Test
    void secretFromFileTakesTheTrimmedFirstLineAndNeverPrintsIt() throws Exception {
        Path file = Files.writeString(dir.resolve("pw"), "  s3cr3t-Pass \nsecond line\n");
        Secret secret = Secret.fromFile(file);
        assertThat(secret.reveal()).isEqualTo("s3cr3t-Pass");
        assertThat(secret.toString()).isEqualTo("******");
        assertThat(String.valueOf(new OracleConnectionSettings("jdbc:oracle:thin:@//db:1521/ORCL", "CDC", secret,
                Map.of("oracle.net.wallet_password", "walletpw", "oracle.net.CONNECT_TIMEOUT", "5000"))))
                .doesNotContain("s3cr3t").doesNotContain("walletpw").contains("5000").contains("CDC");
    }

    @Test
    void urlsAreMaskedInDescriptions() {
        assertThat(JdbcUrls.mask("jdbc:oracle:thin:scott/tiger@//db:1521/ORCL"))
                .isEqualTo("jdbc:oracle:thin:scott/******@//db:1521/ORCL");
        assertThat(JdbcUrls.mask("jdbc:oracle:thin:@db:1521/ORCL?user=scott&password=tiger&x=1"))
                .isEqualTo("jdbc:oracle:thin:@db:1521/ORCL?user=scott&password=******&x=1");
        assertThat(JdbcUrls.mask("jdbc:oracle:thin:@//db:1521/ORCL")).isEqualTo("jdbc:oracle:thin:@//db:1521/ORCL");
        OracleConnectionSettings settings = new OracleConnectionSettings(
                "jdbc:oracle:thin:scott/tiger@//db:1521/ORCL", "scott", Secret.of("tiger"));
        assertThat(settings.description()).isEqualTo("Oracle database jdbc:oracle:thin:scott/******@//db:1521/ORCL");
        assertThat(settings.toString()).doesNotContain("tiger");
    }

    @Test
    void passwordsHoldingAnAtSignAreMaskedWhole() {
        assertThat(JdbcUrls.mask("jdbc:oracle:thin:scott/\"p@ss\"@//h/s"))
                .isEqualTo("jdbc:oracle:thin:scott/******@//h/s");
        assertThat(JdbcUrls.mask("jdbc:oracle:thin:scott/p@ss@//h:1521/s"))
                .isEqualTo("jdbc:oracle:thin:scott/******@//h:1521/s");
        assertThat(JdbcUrls.mask("jdbc:postgresql://u:p@ss@h:5432/db"))
                .isEqualTo("jdbc:postgresql://u:******@h:5432/db");
        assertThat(JdbcUrls.mask("//u:p@ss@h")).isEqualTo("//u:******@h");
        assertThat(JdbcUrls.mask("jdbc:postgresql://u:\"p@s/s\"@h/db")).isEqualTo("jdbc:postgresql://u:******@h/db");
    }

    @Test
    void aFailingCloseAfterTheSessionSetupFailsIsSuppressed() throws Exception {
        SQLException setup = new SQLException("ORA-12345: session setup failed");
        SQLException closing = new SQLException("close failed");
        Connection connection = (Connection) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {Connection.class}, (proxy, method, args) -> {
                    throw method.getName().equals("close") ? closing : setup;
                });
        Driver driver = (Driver) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Driver.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "acceptsURL" -> ((String) args[0]).startsWith("jdbc:close-fails:");
                    case "connect" -> ((String) args[0]).startsWith("jdbc:close-fails:") ? connection : null;
                    case "toString" -> "close-fails driver";
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> null;
                });
        DriverManager.registerDriver(driver);
        try {
            OracleConnectionSettings settings =
                    new OracleConnectionSettings("jdbc:close-fails:db", "u", Secret.of("p"));
            assertThatThrownBy(settings::open).isSameAs(setup);
            assertThat(setup.getSuppressed()).containsExactly(closing);
        } finally {
            DriverManager.deregisterDriver(driver);
        }
    }

    @Test
    void sessionSettingsSetEveryNlsFormatTheParserExpects() {
        assertThat(OracleConnectionSettings.SESSION_NLS)
                .startsWith("ALTER SESSION SET")
                .contains("NLS_DATE_FORMAT = 'YYYY-MM-DD HH24:MI:SS'")
                .contains("NLS_TIMESTAMP_FORMAT = 'YYYY-MM-DD HH24:MI:SS.FF9'")
                .contains("NLS_TIMESTAMP_TZ_FORMAT = 'YYYY-MM-DD HH24:MI:SS.FF9 TZH:TZM'")
                .contains("NLS_NUMERIC_CHARACTERS = '.,'")
                .endsWith(" TIME_ZONE = '+00:00'");
    }

    @Test
    void aSerializedCatalogHoldsThePasswordOnlyInsideTheSecret() throws Exception {
        OracleConnectionSettings connection = new OracleConnectionSettings("jdbc:oracle:thin:@//db:1521/ORCL", "CDC",
                Secret.of("pw-in-graph"));
        LogMinerSettings settings = LogMinerSettings.builder().connection(connection).build();
        OracleArchivedLogCatalog catalog = new OracleArchivedLogCatalog(settings);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(catalog);
        }
        assertThat(bytes.size()).isPositive();
        assertThat(catalog.description()).isEqualTo("Oracle database jdbc:oracle:thin:@//db:1521/ORCL");
        assertThat(settings.toString()).doesNotContain("pw-in-graph");
        // Java serialization carries the value (the readers need it); it must not leak through any toString.
        assertThat(bytes.toString(StandardCharsets.ISO_8859_1)).contains("pw-in-graph");
    }
}
