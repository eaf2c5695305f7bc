package io.redocdc.sinks.jdbc.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.common.jdbc.SqlErrors;
import io.redocdc.sinks.jdbc.target.TargetTable;
import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

class JdbcDialectTest {

    private static final TargetTable ORDERS = new TargetTable("OE", "ORDERS");
    private static final TargetTable QUOTED = new TargetTable("S\"X", "A\"B");

    @Test
    void choosesTheDialectFromTheUrlPrefix() {
        assertThat(JdbcDialect.forUrl("jdbc:oracle:thin:@//db:1521/FREEPDB1")).isSameAs(OracleDialect.INSTANCE);
        assertThat(JdbcDialect.forUrl("jdbc:postgresql://db/app")).isSameAs(PostgresDialect.INSTANCE);
        assertThat(JdbcDialect.forUrl("jdbc:h2:mem:x;MODE=Oracle")).isSameAs(H2Dialect.INSTANCE);
        assertThatThrownBy(() -> JdbcDialect.forUrl("jdbc:mysql://db/app"))
                .hasMessageContaining("sink.jdbc-url").hasMessageContaining("jdbc:mysql://db/app");
    }

    @Test
    void quotesIdentifiersAndDoublesEmbeddedQuotesInEveryDialect() {
        for (JdbcDialect dialect : List.of(OracleDialect.INSTANCE, PostgresDialect.INSTANCE, H2Dialect.INSTANCE)) {
            assertThat(dialect.quote("A\"B")).isEqualTo("\"A\"\"B\"");
            assertThat(dialect.qualified(QUOTED)).isEqualTo("\"S\"\"X\".\"A\"\"B\"");
            assertThat(dialect.insert(QUOTED, List.of("C\"D", "E")))
                    .isEqualTo("INSERT INTO \"S\"\"X\".\"A\"\"B\" (\"C\"\"D\", \"E\") VALUES (?, ?)");
        }
    }

    @Test
    void updateAndDeleteCompareOldValuesNullSafely() {
        JdbcDialect dialect = OracleDialect.INSTANCE;
        List<Condition> where = List.of(Condition.equalTo("ID"), Condition.nullValue("NOTE"), Condition.equalTo("AMOUNT"));
        assertThat(dialect.update(ORDERS, List.of("NOTE"), where)).isEqualTo(
                "UPDATE \"OE\".\"ORDERS\" SET \"NOTE\" = ? WHERE \"ID\" = ? AND \"NOTE\" IS NULL AND \"AMOUNT\" = ?");
        assertThat(dialect.delete(ORDERS, where)).isEqualTo(
                "DELETE FROM \"OE\".\"ORDERS\" WHERE \"ID\" = ? AND \"NOTE\" IS NULL AND \"AMOUNT\" = ?");
        assertThat(dialect.selectByKey(ORDERS, "VERSION", List.of("ID")))
                .isEqualTo("SELECT \"VERSION\" FROM \"OE\".\"ORDERS\" WHERE \"ID\" = ?");
        assertThat(new TargetTable(null, "T").toString()).isEqualTo("T");
        assertThat(dialect.delete(new TargetTable(null, "T"), List.of(Condition.equalTo("K"))))
                .isEqualTo("DELETE FROM \"T\" WHERE \"K\" = ?");
    }

    @Test
    void upsertsAreMergeOrInsertOnConflict() {
        List<String> columns = List.of("ID", "NOTE", "AMOUNT");
        assertThat(OracleDialect.INSTANCE.upsert(ORDERS, columns, List.of("ID"))).isEqualTo(
                "MERGE INTO \"OE\".\"ORDERS\" t USING (SELECT ? \"ID\", ? \"NOTE\", ? \"AMOUNT\" FROM DUAL) s"
                        + " ON (t.\"ID\" = s.\"ID\")"
                        + " WHEN MATCHED THEN UPDATE SET t.\"NOTE\" = s.\"NOTE\", t.\"AMOUNT\" = s.\"AMOUNT\""
                        + " WHEN NOT MATCHED THEN INSERT (\"ID\", \"NOTE\", \"AMOUNT\")"
                        + " VALUES (s.\"ID\", s.\"NOTE\", s.\"AMOUNT\")");
        assertThat(OracleDialect.INSTANCE.upsert(ORDERS, List.of("ID"), List.of("ID"))).isEqualTo(
                "MERGE INTO \"OE\".\"ORDERS\" t USING (SELECT ? \"ID\" FROM DUAL) s ON (t.\"ID\" = s.\"ID\")"
                        + " WHEN NOT MATCHED THEN INSERT (\"ID\") VALUES (s.\"ID\")");
        assertThat(PostgresDialect.INSTANCE.upsert(ORDERS, columns, List.of("ID"))).isEqualTo(
                "INSERT INTO \"OE\".\"ORDERS\" (\"ID\", \"NOTE\", \"AMOUNT\") VALUES (?, ?, ?)"
                        + " ON CONFLICT (\"ID\") DO UPDATE SET \"NOTE\" = EXCLUDED.\"NOTE\", \"AMOUNT\" = EXCLUDED.\"AMOUNT\"");
        assertThat(PostgresDialect.INSTANCE.upsert(ORDERS, List.of("ID"), List.of("ID")))
                .endsWith("ON CONFLICT (\"ID\") DO NOTHING");
        assertThat(H2Dialect.INSTANCE.upsert(ORDERS, columns, List.of("ID"))).isEqualTo(
                "MERGE INTO \"OE\".\"ORDERS\" (\"ID\", \"NOTE\", \"AMOUNT\") KEY (\"ID\") VALUES (?, ?, ?)");
    }

    @Test
    void recognisesDuplicateKeysAlsoInsideBatchExceptions() {
        SQLException oracle = new SQLException("ORA-00001: unique constraint (OE.PK) violated", "23000", 1);
        BatchUpdateException batch = new BatchUpdateException("batch failed", "99999", 17081, new int[0], oracle);
        assertThat(OracleDialect.INSTANCE.isDuplicateKey(batch)).isTrue();
        assertThat(OracleDialect.INSTANCE.isDuplicateKey(new SQLException("ORA-02291", "23000", 2291))).isFalse();
        SQLException postgres = new SQLException("duplicate key value", "23505");
        assertThat(PostgresDialect.INSTANCE.isDuplicateKey(postgres)).isTrue();
        assertThat(H2Dialect.INSTANCE.isDuplicateKey(postgres)).isTrue();
        assertThat(PostgresDialect.INSTANCE.isDuplicateKey(new SQLException("fk", "23503"))).isFalse();
    }

    @Test
    void classifiesConnectionLoss() {
        assertThat(SqlErrors.isConnectionLoss(new SQLException("gone", "08006"))).isTrue();
        assertThat(SqlErrors.isConnectionLoss(new java.sql.SQLRecoverableException("IO error"))).isTrue();
        assertThat(SqlErrors.isConnectionLoss(new SQLException("dup", "23505"))).isFalse();
        // pg_terminate_backend, or a server shutting down, while a statement runs (JdbcApplyITCase ends sessions)
        assertThat(SqlErrors.isConnectionLoss(new SQLException("terminating connection due to administrator command",
                "57P01"))).isTrue();
        assertThat(SqlErrors.isConnectionLoss(new SQLException("canceling statement due to user request", "57014")))
                .as("a cancelled statement leaves the session open").isFalse();
        assertThat(SqlErrors.describe(new SQLException("dup", "23505", 7))).isEqualTo("SQLSTATE 23505, vendor code 7: dup");
    }
}
