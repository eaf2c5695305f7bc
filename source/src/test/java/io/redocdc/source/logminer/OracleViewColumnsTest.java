package io.redocdc.source.logminer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The strict views follow oracle-reference/views.md (Oracle Database Reference 19c) to the column. */
class OracleViewColumnsTest {

    private static List<String> names(String view) {
        return OracleViewColumns.of(view).stream().map(OracleViewColumns.Column::name).toList();
    }

    @Test
    void everyViewHasTheColumnCountViewsMdStates() {
        // counts as stated in views.md: "59 columns in 19c", "35 columns", "41 columns", "67 columns", ...
        assertThat(names("V$DATABASE")).hasSize(59).startsWith("DBID", "NAME").doesNotContain("RESETLOGS_ID")
                .contains("CDB", "CURRENT_SCN");
        assertThat(names("V$DATABASE_INCARNATION")).hasSize(10).contains("RESETLOGS_ID", "STATUS");
        assertThat(names("V$ARCHIVED_LOG")).hasSize(35).startsWith("RECID", "STAMP", "NAME", "DEST_ID", "THREAD#");
        assertThat(names("V$ARCHIVE_DEST")).hasSize(41).doesNotContain("TYPE_LOCAL").contains("TARGET");
        assertThat(names("V$ARCHIVE_DEST_STATUS")).hasSize(21);
        assertThat(names("V$THREAD")).hasSize(19).contains("INSTANCE").doesNotContain("INSTANCE_NUMBER");
        assertThat(names("V$LOG")).hasSize(13).contains("BLOCKSIZE").doesNotContain("MEMBER");
        assertThat(names("V$LOGFILE")).hasSize(6);
        assertThat(names("V$INSTANCE")).hasSize(23);
        assertThat(names("V$LOGMNR_CONTENTS")).hasSize(67).startsWith("SCN", "START_SCN", "COMMIT_SCN")
                .endsWith("SRC_CON_GUID", "CON_ID").contains("RBASQN", "SRC_CON_NAME").doesNotContain("ROWID");
        assertThat(names("V$LOGMNR_LOGS")).hasSize(21);
        assertThat(names("V$LOGMNR_PARAMETERS")).hasSize(10);
        assertThat(names("V$CONTAINERS")).hasSize(33);
        assertThat(names("V$PDBS")).hasSize(34);
        assertThat(names("ALL_TABLES")).hasSize(84);
        assertThat(names("ALL_OBJECTS")).hasSize(26);
        assertThat(names("DBA_USERS")).hasSize(25);
        assertThat(names("ALL_LOG_GROUPS")).containsExactly("OWNER", "LOG_GROUP_NAME", "TABLE_NAME",
                "LOG_GROUP_TYPE", "ALWAYS", "GENERATED");
        assertThat(names("ALL_LOG_GROUP_COLUMNS")).hasSize(6);
        assertThat(names("SESSION_PRIVS")).containsExactly("PRIVILEGE");
        assertThat(names("SESSION_ROLES")).containsExactly("ROLE");
        assertThat(names("V$PARAMETER")).hasSize(19);
    }

    @Test
    void cdbViewsAreTheirDbaViewPlusConId() {
        // views.md: "CDB_LOG_GROUPS therefore = OWNER, LOG_GROUP_NAME, TABLE_NAME, LOG_GROUP_TYPE, ALWAYS, GENERATED,
        // CON_ID"; "CDB_TABLES = DBA_TABLES + CON_ID"; "CDB_USERS = DBA_USERS + CON_ID"
        assertThat(names("CDB_LOG_GROUPS")).containsExactly("OWNER", "LOG_GROUP_NAME", "TABLE_NAME",
                "LOG_GROUP_TYPE", "ALWAYS", "GENERATED", "CON_ID");
        assertThat(names("CDB_TABLES")).hasSize(85).endsWith("LOGICAL_REPLICATION", "CON_ID");
        assertThat(names("CDB_USERS")).hasSize(26).endsWith("PASSWORD_CHANGE_DATE", "CON_ID");
        assertThatThrownBy(() -> OracleViewColumns.of("V$LOGMNR_SESSION")).hasMessageContaining("not documented");
    }

    @Test
    void typesMapToTheirFamily() {
        assertThat(OracleViews.h2Type("V", new OracleViewColumns.Column("A", "NUMBER"))).isEqualTo("NUMERIC(38)");
        assertThat(OracleViews.h2Type("V", new OracleViewColumns.Column("A", "VARCHAR2(9)")))
                .isEqualTo("VARCHAR(4000)");
        assertThat(OracleViews.h2Type("V", new OracleViewColumns.Column("A", "RAW(8)"))).isEqualTo("VARBINARY(2000)");
        assertThat(OracleViews.h2Type("V", new OracleViewColumns.Column("A", "TIMESTAMP(9) WITH TIME ZONE")))
                .isEqualTo("TIMESTAMP(9) WITH TIME ZONE");
        assertThatThrownBy(() -> OracleViews.h2Type("V", new OracleViewColumns.Column("A", "CLOB")))
                .hasMessageContaining("V.A").hasMessageContaining("CLOB");
    }

    @Test
    void aColumnOracleLacksFailsTheQuery() throws SQLException {
        OracleViews views = new OracleViews();
        try (Connection connection = views.open()) {
            assertThatThrownBy(() -> connection.prepareStatement("SELECT RESETLOGS_ID FROM V$DATABASE"))
                    .isInstanceOf(SQLException.class).hasMessageContaining("RESETLOGS_ID");
            assertThat(connection.prepareStatement("SELECT \"THREAD#\", CDB FROM V$ARCHIVED_LOG, V$DATABASE")
                    .executeQuery().next()).isFalse();
        }
    }

    @Test
    void everyViewTheSourceQueriesIsDocumented() throws IOException {
        // DUAL is Oracle's one-row table (H2 has its own); SYS_CONTEXT and TIMESTAMP_TO_SCN are functions; the
        // look-behind skips the RMAN advice "RESTORE ARCHIVELOG FROM SCN n" in a message
        Pattern from = Pattern.compile("(?<!ARCHIVELOG )\\b(?:FROM|JOIN)\\s+([A-Z][A-Z0-9_$]*)");
        Set<String> queried = new TreeSet<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Matcher m = from.matcher(Files.readString(file));
                while (m.find()) {
                    queried.add(m.group(1));
                }
            }
        }
        assertThat(queried).contains("V$ARCHIVED_LOG", "V$LOGMNR_CONTENTS", "CDB_TABLES", "V$PDBS");
        assertThat(queried).filteredOn(view -> !view.equals("DUAL")).isSubsetOf(OracleViewColumns.all().keySet());
    }

    @Test
    void theParserRejectsAColumnTableOutOfOrder() {
        assertThatThrownBy(() -> OracleViewColumns.parse("## V$X\n\n| # | Column | Type (19c doc) | Note |\n"
                + "|---|---|---|---|\n| 1 | `A` | NUMBER |  |\n| 3 | `C` | NUMBER |  |\n"))
                .hasMessageContaining("expected column 2 of V$X");
        assertThat(OracleViewColumns.parse("Related, same scrape: ALL_X\n\n| # | Column | Type (19c doc) | Note |\n"
                + "|---|---|---|---|\n| 1 | `A#` | DATE | x |\n")).containsOnlyKeys("ALL_X");
    }
}
