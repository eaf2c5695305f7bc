package io.redocdc.job.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.redocdc.tools.simulate.SimulationSettings;
import io.redocdc.tools.simulate.WorkloadSimulator;
import java.nio.file.Path;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.TableEnvironment;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The WITH options of an oracle-redo table are checked when a query is planned, naming the table and option. */
class OracleRedoTableFactoryTest {

    @TempDir
    static Path tmp;

    private static String redo;

    @BeforeAll
    static void simulate() throws Exception {
        WorkloadSimulator.write(tmp, SimulationSettings.defaults().withSeed(3).withTransactions(20));
        redo = tmp.resolve("redo").toString();
    }

    @Test
    void aValidTableIsPlannedOnTheSharedCapture() {
        TableEnvironment tables = tables();
        tables.executeSql("CREATE TABLE t (ORDER_ID BIGINT, STATUS STRING) WITH ('connector' = 'oracle-redo', "
                + "'source.dir' = '" + redo + "', 'table-name' = 'OE.ORDERS')");
        String plan = tables.explainSql("SELECT * FROM t", ExplainDetail.JSON_EXECUTION_PLAN);
        assertThat(plan).contains("Source: redo-log-source", "commit-sequencer", "oracle-redo OE.ORDERS");
    }

    @Test
    void anUnknownKeyIsNamed() {
        assertThat(problem("'source.dri' = '" + redo + "', 'table-name' = 'OE.ORDERS'"))
                .contains("Unsupported options").contains("source.dri");
        assertThat(problem("'source.dir' = '" + redo + "', 'sink.dir' = '/tmp/x', 'table-name' = 'OE.ORDERS'"))
                .contains("Unsupported options").contains("sink.dir");
    }

    @Test
    void valuesAreCheckedAsRunChecksThem() {
        assertThat(problem("'source.dir' = '" + redo + "', 'source.start-scn' = 'abc', 'table-name' = 'OE.ORDERS'"))
                .contains("oracle-redo table OE.ORDERS: Invalid option --source.start-scn")
                .contains("'abc' is not an SCN");
        assertThat(problem("'source.type' = 'directory', 'table-name' = 'OE.ORDERS'"))
                .contains("Invalid value for option '--source.dir': is required for --source.type directory");
        assertThat(problem("'source.dir' = '" + tmp.resolve("nowhere") + "', 'table-name' = 'OE.ORDERS'"))
                .contains("'--source.dir': must be an existing directory");
    }

    @Test
    void aTableTheCaptureLeavesOutOrAMalformedNameIsRefused() {
        assertThat(problem("'source.dir' = '" + redo + "', 'capture.include' = 'OE.CUSTOMERS', "
                + "'table-name' = 'OE.ORDERS'"))
                .contains("oracle-redo table OE.ORDERS is not captured: capture.include [OE.CUSTOMERS]");
        assertThat(problem("'source.dir' = '" + redo + "', 'table-name' = 'ORDERS'"))
                .contains("'table-name' must be OWNER.TABLE (got 'ORDERS')");
    }

    @Test
    void tablesOfOneJobMustShareTheirCaptureOptions() {
        TableEnvironment tables = tables();
        tables.executeSql("CREATE TABLE a (ORDER_ID BIGINT) WITH ('connector' = 'oracle-redo', 'source.dir' = '"
                + redo + "', 'source.bounded' = 'true', 'table-name' = 'OE.ORDERS')");
        tables.executeSql("CREATE TABLE b (CUSTOMER_ID BIGINT) WITH ('connector' = 'oracle-redo', 'source.dir' = '"
                + redo + "', 'source.bounded' = 'true', 'source.start-scn' = '5', 'table-name' = 'OE.CUSTOMERS')");
        Throwable thrown = catchThrowable(() -> tables.executeSql(
                "SELECT ORDER_ID FROM a UNION ALL SELECT CUSTOMER_ID FROM b").await());
        assertThat(messages(thrown)).contains("redo-log-source");
    }

    @Test
    void aSessionMayCaptureWithOtherOptionsInALaterJob() {
        TableEnvironment tables = tables();
        String create = "CREATE TABLE t (ORDER_ID BIGINT) WITH ('connector' = 'oracle-redo', 'source.dir' = '"
                + redo + "', %s 'table-name' = 'OE.ORDERS')";
        tables.executeSql(String.format(create, ""));
        assertThat(tables.explainSql("SELECT * FROM t", ExplainDetail.JSON_EXECUTION_PLAN))
                .contains("oracle-redo OE.ORDERS");
        tables.executeSql("DROP TABLE t");
        tables.executeSql(String.format(create, "'source.start-scn' = '5',"));
        assertThat(tables.explainSql("SELECT * FROM t", ExplainDetail.JSON_EXECUTION_PLAN))
                .contains("oracle-redo OE.ORDERS");
    }

    private static String plan(String options, String query) {
        TableEnvironment tables = tables();
        tables.executeSql("CREATE TABLE t (ORDER_ID BIGINT, STATUS STRING) WITH ('connector' = 'oracle-redo', "
                + options + ")");
        return tables.explainSql(query);
    }

    private static String problem(String options) {
        Throwable thrown = catchThrowable(() -> plan(options, "SELECT * FROM t"));
        assertThat(thrown).as("planning with %s", options).isNotNull();
        return messages(thrown);
    }

    private static TableEnvironment tables() {
        return TableEnvironment.create(EnvironmentSettings.newInstance().inStreamingMode().build());
    }

    /** The messages of an exception and its causes: the planner wraps the factory's. */
    private static String messages(Throwable thrown) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            all.append(t.getMessage()).append('\n');
        }
        return all.toString();
    }
}
