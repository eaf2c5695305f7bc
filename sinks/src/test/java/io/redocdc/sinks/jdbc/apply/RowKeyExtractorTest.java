package io.redocdc.sinks.jdbc.apply;

import static io.redocdc.sinks.jdbc.testing.Transactions.image;
import static io.redocdc.sinks.jdbc.testing.Transactions.nul;
import static io.redocdc.sinks.jdbc.testing.Transactions.txn;
import static io.redocdc.sinks.jdbc.testing.Transactions.v;
import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.sinks.jdbc.JdbcSinkMetrics;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.parallel.RowKey;
import io.redocdc.sinks.jdbc.parallel.TransactionFootprint;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The rows a transaction writes, keyed as the target sees them, decide what parallel apply may overlap. */
class RowKeyExtractorTest {

    private static final String URL = "jdbc:h2:mem:row-keys;MODE=Oracle;DB_CLOSE_DELAY=-1";
    private Connection connection;

    @BeforeEach
    void createTables() throws Exception {
        connection = DriverManager.getConnection(URL);
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE SCHEMA \"OE\"");
            statement.execute("CREATE TABLE \"OE\".\"ORDERS\" (\"ID\" NUMBER PRIMARY KEY, \"NOTE\" VARCHAR2(20))");
            statement.execute("CREATE TABLE \"OE\".\"ORDERS_ARCHIVE\" (\"ORDER_ID\" NUMBER PRIMARY KEY, "
                    + "\"NOTE\" VARCHAR2(20))");
            statement.execute("CREATE TABLE \"OE\".\"LOG\" (\"TEXT\" VARCHAR2(20))");
        }
    }

    @AfterEach
    void dropDatabase() throws Exception {
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP ALL OBJECTS");
        }
        connection.close();
    }

    @Test
    void insertsAndDeletesWriteTheRowOfTheirImageAndAKeyUpdateWritesTwoRows() throws Exception {
        TransactionFootprint footprint = footprint(UnaryOperator.identity(), txn(10)
                .insert("ORDERS", v("ID", "1"), v("NOTE", "a"))
                .delete("ORDERS", v("ID", "2"), v("NOTE", "b"))
                .update("ORDERS", image(v("ID", "3"), v("NOTE", "c")), image(v("ID", "7"), v("NOTE", "c")))
                .build());

        assertThat(footprint.isBarrier()).isFalse();
        assertThat(footprint.rowKeys()).containsExactlyInAnyOrder(row("ORDERS", "1"), row("ORDERS", "2"),
                row("ORDERS", "3"), row("ORDERS", "7"));
    }

    @Test
    void keysAreOfTheTargetRowAfterTableAndColumnMapping() throws Exception {
        TransactionFootprint footprint = footprint(options -> options.mapTable("OE.HISTORY", "OE.ORDERS_ARCHIVE")
                .mapColumn("OE.HISTORY.ID", "ORDER_ID"), txn(10)
                .insert("HISTORY", v("ID", "5"), v("NOTE", "x"))
                .build());

        assertThat(footprint.rowKeys()).containsExactly(
                new RowKey("\"OE\".\"ORDERS_ARCHIVE\"", List.of("ORDER_ID"), List.of("5")));
    }

    @Test
    void aNullKeyValueIsStillAKey() throws Exception {
        TransactionFootprint footprint = footprint(UnaryOperator.identity(), txn(10)
                .insert("ORDERS", nul("ID"), v("NOTE", "a")).build());

        assertThat(footprint.rowKeys()).containsExactly(new RowKey("\"OE\".\"ORDERS\"", List.of("ID"),
                Arrays.asList((String) null)));
    }

    @Test
    void whatCannotBeKeyedOrdersTheTransactionAgainstEverything() throws Exception {
        assertThat(footprint(UnaryOperator.identity(), txn(10).ddl("ORDERS", "alter table x").build()).isBarrier())
                .as("DDL").isTrue();
        assertThat(footprint(UnaryOperator.identity(), txn(10).insert("LOG", v("TEXT", "t")).build()).isBarrier())
                .as("table without a key").isTrue();
        assertThat(footprint(UnaryOperator.identity(), txn(10).insert("ORDERS", v("NOTE", "a")).build()).isBarrier())
                .as("key column missing from the image").isTrue();
        assertThat(footprint(UnaryOperator.identity(), txn(10).insert("MISSING", v("ID", "1")).build()).isBarrier())
                .as("target table not found").isTrue();
    }

    private TransactionFootprint footprint(UnaryOperator<JdbcSinkOptions.Builder> configure, List<Lcr> lcrs) {
        JdbcSinkOptions options = configure.apply(JdbcSinkOptions.builder().jdbcUrl(URL)).build();
        RowKeyExtractor keys = new RowKeyExtractor(connection,
                new ApplyContext(options, new JdbcSinkMetrics(new UnregisteredMetricsGroup())));
        TransactionFootprint footprint = new TransactionFootprint(100);
        lcrs.forEach(lcr -> keys.addTo(footprint, lcr));
        return footprint;
    }

    private static RowKey row(String table, String key) {
        return new RowKey("\"OE\".\"" + table + "\"", List.of("ID"), List.of(key));
    }
}
