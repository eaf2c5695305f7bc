package io.redocdc.sinks.jdbc.writer;

import static io.redocdc.sinks.jdbc.testing.Transactions.txn;
import static io.redocdc.sinks.jdbc.testing.Transactions.typed;
import static io.redocdc.sinks.jdbc.testing.Transactions.v;
import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.lcr.ValueKind;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The apply writer contract on H2 in Oracle mode, one in-memory database per test. */
class H2ApplyWriterTest extends JdbcApplyWriterContract {

    @Override
    protected String freshDatabaseUrl() {
        return "jdbc:h2:mem:apply-" + UUID.randomUUID() + ";MODE=Oracle;DB_CLOSE_DELAY=-1";
    }

    @Test
    void bindsIntervalsAndZonelessTimestampsWithTimeZone() throws Exception {
        execute("CREATE TABLE \"OE\".\"IV\" (\"ID\" NUMBER(10) PRIMARY KEY, \"YM\" INTERVAL YEAR(4) TO MONTH, "
                + "\"DS\" INTERVAL DAY(5) TO SECOND(6), \"TZ\" TIMESTAMP(9) WITH TIME ZONE, \"TXT\" VARCHAR2(60))");
        JdbcSinkWriter writer = writer(b -> b);
        feed(writer, txn(100).insert("IV", v("ID", "1"), typed("YM", ValueKind.INTERVAL_YM, "+0012-03"),
                typed("DS", ValueKind.INTERVAL_DS, "+00005 04:03:02.123456"),
                typed("TZ", ValueKind.TIMESTAMP_TZ, "2026-10-25 02:30:00.250000000"),
                typed("TXT", ValueKind.TIMESTAMP_TZ, "2026-10-25 02:30:00.250000000 Europe/Paris")).build());
        assertThat(rows("SELECT \"ERROR_MESSAGE\" FROM \"REDO_CDC_ERRORS\"")).isEmpty();
        assertThat(rows("SELECT \"YM\", \"DS\", \"TXT\" FROM \"OE\".\"IV\"")).containsExactly(
                "INTERVAL '12-3' YEAR TO MONTH|INTERVAL '5 04:03:02.123456' DAY TO SECOND|"
                        + "2026-10-25 02:30:00.250000000 Europe/Paris");
        assertThat(rows("SELECT COUNT(*) FROM \"OE\".\"IV\" WHERE \"TZ\" IS NOT NULL")).containsExactly("1");
    }
}
