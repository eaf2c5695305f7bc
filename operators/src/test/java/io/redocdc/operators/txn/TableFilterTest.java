package io.redocdc.operators.txn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TableFilterTest {

    @Test
    void defaultsCaptureUserTablesAndSkipOracleMaintainedSchemas() {
        TableFilter filter = TableFilter.defaults();
        assertThat(filter.captures("OE", "ORDERS")).isTrue();
        assertThat(filter.captures("SYS", "OBJ$")).isFalse();
        assertThat(filter.captures("SYSTEM", "LOGMNR_UID$")).isFalse();
        assertThat(filter.captures("AUDSYS", "AUD$UNIFIED")).isFalse();
        assertThat(filter.captures("GSMADMIN_INTERNAL", "DATABASE")).isFalse();
        assertThat(filter.captures("APEX_230200", "WWV_FLOWS")).isFalse();
        assertThat(filter.captures("SYSTEMX", "T")).as("SYSTEM.* must not swallow SYSTEMX").isTrue();
    }

    @Test
    void wildcardsMatchAnyRunAndCaseDoesNotMatter() {
        TableFilter filter = TableFilter.of(List.of("oe.*", "HR.EMP*"), List.of("*.*_TMP"));
        assertThat(filter.captures("OE", "ORDERS")).isTrue();
        assertThat(filter.captures("oe", "orders")).isTrue();
        assertThat(filter.captures("HR", "EMPLOYEES")).isTrue();
        assertThat(filter.captures("HR", "JOBS")).isFalse();
        assertThat(filter.captures("OE", "ORDERS_TMP")).isFalse();
        assertThat(filter.captures("SALES", "ORDERS")).isFalse();
    }

    @Test
    void dollarSignsAndDotsInNamesAreLiterals() {
        TableFilter filter = TableFilter.of(List.of("A$B.T"), List.of());
        assertThat(filter.captures("A$B", "T")).isTrue();
        assertThat(filter.captures("AXB", "T")).isFalse();
    }

    /**
     * "UNKNOWN"."OBJ# 73640" (oracle-reference/logminer-sql_redo-without-dictionary.txt) and a recycle-bin name may be
     * any table: the include list cannot drop their row changes, the exclude list (SYS.* by default) still can.
     */
    @Test
    void rowChangesOfTablesLogMinerCouldNotNameMayBeCapturedUnlessExcluded() {
        TableFilter oeOnly = TableFilter.of(List.of("OE.*"), TableFilter.DEFAULT_EXCLUDE);
        assertThat(oeOnly.mayCapture("UNKNOWN", "OBJ# 73640")).isTrue();
        assertThat(oeOnly.captures("UNKNOWN", "OBJ# 73640")).isFalse();
        assertThat(oeOnly.mayCapture("HR", "BIN$IBvdtO4bKWbgRAADuhO6Yw==$0")).isTrue();
        assertThat(oeOnly.mayCapture("SYS", "BIN$IBvdtO4bKWbgRAADuhO6Yw==$0")).isFalse();
        assertThat(oeOnly.mayCapture("UNKNOWN", "ORDERS")).as("a schema called UNKNOWN is named").isFalse();
        assertThat(oeOnly.mayCapture("OE", "ORDERS")).isTrue();
        assertThat(oeOnly.mayCapture("HR", "JOBS")).isFalse();
        assertThat(TableFilter.of(List.of("OE.*"), List.of("UNKNOWN.*")).mayCapture("UNKNOWN", "OBJ# 73640"))
                .isFalse();
        assertThat(TableFilter.of(List.of(), List.of()).mayCapture("UNKNOWN", "OBJ# 73640"))
                .as("nothing included").isFalse();
    }

    /** Decisions are cached per owner and table; the answers must be those of the patterns, asked in any order. */
    @Test
    void cachedDecisionsAreThePatternsAnswersPerOwnerAndTable() throws Exception {
        TableFilter filter = TableFilter.of(List.of("OE.*", "HR.EMP*"), List.of("*.*_TMP"));
        for (int round = 0; round < 3; round++) {
            assertThat(filter.captures("OE", "ORDERS")).isTrue();
            assertThat(filter.captures("SALES", "ORDERS")).as("same table, other owner").isFalse();
            assertThat(filter.captures("HR", "ORDERS")).isFalse();
            assertThat(filter.captures("HR", "EMPLOYEES")).isTrue();
            assertThat(filter.captures("OE", "ORDERS_TMP")).isFalse();
            assertThat(filter.captures(null, "ORDERS")).isFalse();
        }
        TableFilter copy = org.apache.flink.util.InstantiationUtil.clone(filter);
        assertThat(copy.captures("OE", "ORDERS")).as("a deserialized copy starts a cache of its own").isTrue();
        assertThat(copy.captures("SALES", "ORDERS")).isFalse();
    }

    @Test
    void pastTheCacheBoundTablesAreStillDecidedByThePatterns() {
        TableFilter filter = TableFilter.of(List.of("OE.*"), List.of("OE.*_TMP"));
        for (int i = 0; i < TableFilter.MAX_CACHED + 10; i++) {
            assertThat(filter.captures("OE", "T" + i)).isTrue();
        }
        assertThat(filter.captures("OE", "LATE_TMP")).isFalse();
        assertThat(filter.captures("HR", "LATE")).isFalse();
        assertThat(filter.captures("OE", "LATE")).isTrue();
        assertThat(filter.captures("OE", "T5")).isTrue();
    }

    @Test
    void aPatternWithoutOwnerAndTableIsRejectedByName() {
        assertThatThrownBy(() -> TableFilter.of(List.of("ORDERS"), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("include pattern 'ORDERS'")
                .hasMessageContaining("OWNER.TABLE");
    }
}
