package io.redocdc.source.logminer;

import static io.redocdc.source.logminer.ContentsRows.oracleError;
import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.common.jdbc.SqlErrors;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import org.junit.jupiter.api.Test;

/** Errors are classified by every ORA code of the chain: message lines, causes and next exceptions. */
class OracleErrorsTest {

    @Test
    void aCodeBeneathThePlSqlErrorCounts() {
        // a PL/SQL error stack in one message, as the driver reports a failed DBMS_LOGMNR call
        SQLException stack = new SQLException("ORA-06512: at \"SYS.DBMS_LOGMNR\", line 82\nORA-00308: cannot open "
                + "archived log '/arch/1_42.dbf'", "99999", 6512);
        assertThat(OracleErrors.isLogUnavailable(stack)).isTrue();
        assertThat(SqlErrors.codes(stack)).containsExactly(6512, 308);
        assertThat(OracleErrors.describeCode(stack)).isEqualTo("ORA-06512, ORA-00308");

        SQLException wrapped = new SQLException("call failed", new SQLException("x", "99999", 1284));
        assertThat(OracleErrors.isLogUnavailable(wrapped)).as("in a cause").isTrue();
        SQLException driver = oracleError(1284, "file /arch/1_42.dbf cannot be opened");
        driver.setNextException(oracleError(308, "cannot open archived log '/arch/1_42.dbf'"));
        assertThat(SqlErrors.codes(new SQLException("ADD_LOGFILE failed", driver)))
                .as("a cause's next exception, in chain order").containsExactly(1284, 308);

        SQLException top = oracleError(6550, "PLS-00201");
        top.setNextException(new SQLRecoverableException("IO Error", "08006", 17002));
        assertThat(SqlErrors.isConnectionLoss(top)).as("in a next exception").isTrue();
        assertThat(OracleErrors.isRetryable(top)).isTrue();
    }

    @Test
    void otherErrorsStayNotRetryable() {
        SQLException invalid = oracleError(904, "\"RESETLOGS_ID\": invalid identifier");
        assertThat(OracleErrors.isRetryable(invalid)).isFalse();
        assertThat(OracleErrors.isAccessDenied(invalid)).isFalse();
        assertThat(OracleErrors.describeCode(new SQLException("no code", "08006"))).isEqualTo("SQLState 08006");
        SQLException denied = new SQLException("wrapped", oracleError(942, "table or view does not exist"));
        assertThat(OracleErrors.isAccessDenied(denied)).isTrue();
        assertThat(OracleErrors.oracleCode(denied)).as("the top code alone").isZero();
    }
}
