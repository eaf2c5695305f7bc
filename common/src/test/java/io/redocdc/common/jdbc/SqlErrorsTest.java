package io.redocdc.common.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import org.junit.jupiter.api.Test;

/**
 * One answer to "is the connection gone" for the Oracle source and every target. Codes: Oracle's Database Error
 * Messages (ORA-03113, ORA-03114, ORA-03135) and the thin driver's (17002, 17008, 17410); PostgreSQL's Error Codes
 * appendix (class 08, and 57P01-57P03 of class 57); JDBC's SQLRecoverableException.
 */
class SqlErrorsTest {

    @Test
    void aLostConnectionIsRecognisedByTypeStateOrOracleCodeAnywhereInTheChain() {
        assertThat(SqlErrors.isConnectionLoss(new SQLRecoverableException("gone"))).isTrue();
        assertThat(SqlErrors.isConnectionLoss(new SQLException("io", "08006"))).isTrue();
        assertThat(SqlErrors.isConnectionLoss(new SQLException("terminating connection", "57P01"))).isTrue();
        assertThat(SqlErrors.isConnectionLoss(new SQLException("No more data to read from socket", "08000", 17410)))
                .isTrue();
        SQLException plsql = new SQLException("ORA-06512: at line 1\nORA-03113: end-of-file on communication channel",
                "99999", 6512);
        assertThat(SqlErrors.isConnectionLoss(plsql)).as("ORA-03113 beneath a PL/SQL error").isTrue();
        SQLException batch = new SQLException("batch failed", "23000", 1);
        batch.setNextException(new SQLException("ORA-03114: not connected to ORACLE", "99999", 3114));
        assertThat(SqlErrors.isConnectionLoss(batch)).as("in a next exception").isTrue();
    }

    @Test
    void aBadStatementIsNotALostConnection() {
        assertThat(SqlErrors.isConnectionLoss(new SQLException("unique constraint violated", "23000", 1))).isFalse();
        assertThat(SqlErrors.isConnectionLoss(new SQLException("duplicate key", "23505"))).isFalse();
        assertThat(SqlErrors.isConnectionLoss(new SQLException("ORA-00942: table or view does not exist", "42000",
                942))).isFalse();
    }

    @Test
    void codesListsVendorCodesAndOraCodesOfTheWholeChainOnce() {
        SQLException e = new SQLException("ORA-01284: file cannot be opened\nORA-00308: cannot open archived log",
                "99999", 1284);
        e.initCause(new RuntimeException("wrapped", new SQLException("ORA-00308", "99999", 308)));
        assertThat(SqlErrors.codes(e)).containsExactly(1284, 308);
    }
}
