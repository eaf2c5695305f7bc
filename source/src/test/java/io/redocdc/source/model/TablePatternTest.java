package io.redocdc.source.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The two forms of one capture pattern; logminer's TablePatternsTest runs the LIKE form on H2 against the regex. */
class TablePatternTest {

    @Test
    void sqlLikeTurnsTheWildcardIntoPercentAndEscapesLikesOwnCharacters() {
        assertThat(TablePattern.sqlLike("oe.ord*")).isEqualTo("OE.ORD%");
        assertThat(TablePattern.sqlLike("*.*")).isEqualTo("%.%");
        assertThat(TablePattern.sqlLike("HR.EMP_%")).isEqualTo("HR.EMP\\_\\%");
        assertThat(TablePattern.sqlLike("HR.BACK\\SLASH*")).isEqualTo("HR.BACK\\\\SLASH%");
    }

    @Test
    void regexMatchesTheWholeNameCaseInsensitivelyWithOtherCharactersLiteral() {
        assertThat(TablePattern.regex("oe.ord*").matcher("OE.ORDERS").matches()).isTrue();
        assertThat(TablePattern.regex("oe.ord*").matcher("XOE.ORDERS").matches()).as("whole name").isFalse();
        assertThat(TablePattern.regex("OE.ORDER_ITEMS").matcher("OE.ORDERXITEMS").matches()).as("'_' literal")
                .isFalse();
        assertThat(TablePattern.regex("A.B").matcher("AXB").matches()).as("'.' literal").isFalse();
        assertThat(TablePattern.regex("*.*").matcher("SYS.OBJ$").matches()).isTrue();
    }

    @Test
    void validPatternsHaveAnOwnerAndATablePart() {
        assertThat(TablePattern.isValid("OE.*")).isTrue();
        assertThat(TablePattern.isValid(".ORDERS")).isFalse();
        assertThat(TablePattern.isValid("OE.")).isFalse();
        assertThat(TablePattern.isValid("ORDERS")).isFalse();
        assertThat(TablePattern.isValid(null)).isFalse();
    }
}
