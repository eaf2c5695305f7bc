package io.redocdc.source.logminer;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.source.model.TablePattern;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The SQL predicate selects exactly the tables the TableFilter (the same patterns as regexes) captures. */
class TablePatternsTest {

    private static final List<String[]> TABLES = List.of(
            new String[] {"OE", "ORDERS"}, new String[] {"OE", "ORDER_ITEMS"}, new String[] {"OE", "ORDERXITEMS"},
            new String[] {"OE", "TMP_1"}, new String[] {"oe", "lower"}, new String[] {"HR", "EMP%"},
            new String[] {"HR", "EMPX"}, new String[] {"SYS", "OBJ$"}, new String[] {"APEX_230200", "WWV"},
            new String[] {"A.B", "C"}, new String[] {"HR", "BACK\\SLASH"}, new String[] {"UNKNOWN", "OBJ# 73640"},
            new String[] {"UNKNOWN", "ORDERS"}, new String[] {"OE", "BIN$IBvdtO4bKWbgRAADuhO6Yw==$0"},
            new String[] {"SYS", "BIN$NEZqOOkqZdrgRAADung28g==$0"}, new String[] {"OE", "XBIN$"});

    private Connection h2;

    @BeforeEach
    void createTables() throws SQLException {
        h2 = DriverManager.getConnection("jdbc:h2:mem:patterns;MODE=Oracle");
        try (Statement statement = h2.createStatement()) {
            statement.execute("CREATE TABLE NAMES (OWNER VARCHAR(40), TABLE_NAME VARCHAR(40))");
        }
        try (PreparedStatement insert = h2.prepareStatement("INSERT INTO NAMES VALUES (?, ?)")) {
            for (String[] table : TABLES) {
                insert.setString(1, table[0]);
                insert.setString(2, table[1]);
                insert.executeUpdate();
            }
        }
    }

    @AfterEach
    void close() throws SQLException {
        try (Statement statement = h2.createStatement()) {
            statement.execute("DROP ALL OBJECTS");
        }
        h2.close();
    }

    @Test
    void sqlMatchesTheRegexSemanticsForEveryCase() throws SQLException {
        List<List<List<String>>> cases = List.of(
                List.of(List.of("OE.*"), List.of()),
                List.of(List.of("OE.ORDER_ITEMS"), List.of()),
                List.of(List.of("oe.order*"), List.of("OE.ORDER_*")),
                List.of(List.of("HR.EMP%"), List.of()),
                List.of(List.of("*.*"), LogMinerSettings.DEFAULT_EXCLUDE),
                List.of(List.of("A*C"), List.of()),
                List.of(List.of("HR.BACK\\SLASH"), List.of()),
                List.of(List.of(), List.of()));
        for (List<List<String>> c : cases) {
            assertThat(selected(c.get(0), c.get(1))).as("include %s exclude %s", c.get(0), c.get(1))
                    .isEqualTo(expected(c.get(0), c.get(1)));
        }
        assertThat(selected(List.of("OE.ORDER_ITEMS"), List.of())).as("'_' is literal").containsExactly(
                "OE.ORDER_ITEMS");
        assertThat(selected(List.of("HR.EMP%"), List.of())).as("'%' is literal").containsExactly("HR.EMP%");
    }

    /**
     * Tables LogMiner could not name: "UNKNOWN"."OBJ# n" (operators' oracle-reference/
     * logminer-sql_redo-without-dictionary.txt) and recycle-bin names (BIN$, as DBA_RECYCLEBIN shows them). A schema
     * that happens to be called UNKNOWN is named; only the exclude list applies to the unnamed ones.
     */
    @Test
    void unnamedTablesAreSelectedWhateverTheIncludeListUnlessExcluded() throws SQLException {
        assertThat(selectedUnnamed(List.of("HR.*"), List.of())).containsExactly("OE.BIN$IBvdtO4bKWbgRAADuhO6Yw==$0",
                "SYS.BIN$NEZqOOkqZdrgRAADung28g==$0", "UNKNOWN.OBJ# 73640");
        assertThat(selectedUnnamed(List.of("HR.*"), LogMinerSettings.DEFAULT_EXCLUDE))
                .containsExactly("OE.BIN$IBvdtO4bKWbgRAADuhO6Yw==$0", "UNKNOWN.OBJ# 73640");
        assertThat(selectedUnnamed(List.of("*.*"), List.of("UNKNOWN.*", "OE.*")))
                .containsExactly("SYS.BIN$NEZqOOkqZdrgRAADung28g==$0");
        assertThat(selectedUnnamed(List.of(), List.of())).as("nothing included").isEmpty();
    }

    private List<String> selected(List<String> include, List<String> exclude) throws SQLException {
        return select(TablePatterns.captured("OWNER", "TABLE_NAME", include, exclude));
    }

    private List<String> selectedUnnamed(List<String> include, List<String> exclude) throws SQLException {
        return select(TablePatterns.unnamed("OWNER", "TABLE_NAME", include, exclude));
    }

    private List<String> select(BoundSql predicate) throws SQLException {
        List<String> names = new ArrayList<>();
        try (PreparedStatement query = h2.prepareStatement("SELECT OWNER || '.' || TABLE_NAME FROM NAMES WHERE "
                + predicate.text() + " ORDER BY 1")) {
            predicate.bindTo(query, 1);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    names.add(rows.getString(1));
                }
            }
        }
        return names;
    }

    /** The reference: the pattern's other form, the whole-name regex the assembler's TableFilter uses. */
    private static List<String> expected(List<String> include, List<String> exclude) {
        return TABLES.stream().map(t -> t[0] + "." + t[1])
                .filter(name -> matchesAny(include, name) && !matchesAny(exclude, name))
                .sorted().toList();
    }

    private static boolean matchesAny(List<String> patterns, String name) {
        return patterns.stream().anyMatch(pattern -> TablePattern.regex(pattern).matcher(name).matches());
    }
}
