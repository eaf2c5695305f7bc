package io.redocdc.job.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.job.sql.SqlStatements.Statement;
import org.junit.jupiter.api.Test;

class SqlStatementsTest {

    @Test
    void statementsEndAtSemicolonsAndKnowTheirFirstLine() {
        assertThat(SqlStatements.split("SET 'a' = 'b';\n\nCREATE TABLE t (\n  x INT\n) WITH ();\nINSERT INTO t "
                + "SELECT 1"))
                .containsExactly(new Statement("SET 'a' = 'b'", 1), new Statement("CREATE TABLE t (\n  x INT\n) WITH ()", 3),
                        new Statement("INSERT INTO t SELECT 1", 6));
    }

    @Test
    void semicolonsInQuotesAndCommentsDoNotEndAStatement() {
        String sql = "-- a comment; not a statement\n"
                + "INSERT INTO `odd;name` /* ; */ SELECT 'it''s; ok', \"col;umn\" FROM t;\n"
                + "/* several\n lines; */ SELECT 'a\nb';";
        assertThat(SqlStatements.split(sql)).containsExactly(
                new Statement("INSERT INTO `odd;name` /* ; */ SELECT 'it''s; ok', \"col;umn\" FROM t", 2),
                new Statement("SELECT 'a\nb'", 4));
    }

    @Test
    void linesCountInsideQuotesAndCommentsOfEarlierStatements() {
        assertThat(SqlStatements.split("SELECT 'x\n\ny';\n/*\n*/\n-- c\nSELECT 2;"))
                .extracting(Statement::line).containsExactly(1, 7);
    }

    @Test
    void blankStatementsAndTrailingCommentsAreLeftOut() {
        assertThat(SqlStatements.split(";;\n  -- nothing\n/* nothing */ ;")).isEmpty();
        assertThat(SqlStatements.split("")).isEmpty();
    }

    @Test
    void anUnclosedQuoteOrCommentNamesTheLineItOpensOn() {
        assertThatThrownBy(() -> SqlStatements.split("SELECT 1;\nSELECT 'it''s\n;"))
                .hasMessage("line 2: the quote ' is not closed");
        assertThatThrownBy(() -> SqlStatements.split("SELECT 1;\n\n/* open"))
                .hasMessage("line 3: the comment /* is not closed");
        assertThatThrownBy(() -> SqlStatements.split("SELECT `a"))
                .hasMessage("line 1: the quote ` is not closed");
    }
}
