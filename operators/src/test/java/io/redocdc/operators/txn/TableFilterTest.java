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

    @Test
    void aPatternWithoutOwnerAndTableIsRejectedByName() {
        assertThatThrownBy(() -> TableFilter.of(List.of("ORDERS"), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("include pattern 'ORDERS'")
                .hasMessageContaining("OWNER.TABLE");
    }
}
