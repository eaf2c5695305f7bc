package io.redocdc.sinks.jdbc.writer;

import static io.redocdc.sinks.jdbc.testing.Transactions.image;
import static io.redocdc.sinks.jdbc.testing.Transactions.txn;
import static io.redocdc.sinks.jdbc.testing.Transactions.v;
import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.common.jdbc.Secret;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.sinks.jdbc.JdbcSinkMetrics;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.apply.ApplyContext;
import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import io.redocdc.sinks.jdbc.testing.TestDatabase;
import io.redocdc.sinks.jdbc.testing.TestDatabaseKind;
import io.redocdc.sinks.jdbc.testing.Transactions;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Random transactions over a small key space (inserts, updates, key-changing updates, deletes, a few that the
 * target rejects, a few on a table without a key, which are barriers), applied by the serial writer with group
 * commit into S_* tables, by the serial writer one target transaction per source transaction into O_* tables and by
 * the parallel writer into P_* tables of one database: all end with the same rows, the same error-queued
 * transactions and the same low mark, and the rows are those an in-memory model predicts.
 */
class ParallelApplyEquivalenceTest {

    private static final int TRANSACTIONS = 300;
    private static final int KEYS = 10;

    @ParameterizedTest
    @EnumSource(TestDatabaseKind.class)
    void parallelApplyLeavesWhatSerialApplyLeaves(TestDatabaseKind kind) throws Exception {
        try (TestDatabase db = kind.open()) {
            JdbcDialect dialect = JdbcDialect.forUrl(db.url());
            for (String prefix : List.of("S_", "O_", "P_")) {
                execute(db, "CREATE TABLE \"" + prefix + "ACCT\" (\"ID\" " + dialect.numberType() + "(10) PRIMARY KEY, "
                        + "\"NOTE\" " + dialect.varcharType(40) + ", \"AMOUNT\" " + dialect.numberType() + "(10))");
                execute(db, "CREATE TABLE \"" + prefix + "AUDIT\" (\"ID\" " + dialect.numberType() + "(10), "
                        + "\"NOTE\" " + dialect.varcharType(40) + ")");
            }
            Model model = new Model(new Random(20260301));
            List<List<Lcr>> stream = new ArrayList<>();
            for (int t = 1; t <= TRANSACTIONS; t++) {
                stream.add(model.nextTransaction(t));
            }

            // groups of ~40 rows, so rejected transactions fall inside groups and commits come at random places
            JdbcSinkWriter serial = writer(db, "serial", "S_", 1, b -> b.groupMaxRows(40));
            JdbcSinkWriter oneByOne = writer(db, "single", "O_", 1, b -> b.groupMaxRows(1));
            JdbcSinkWriter parallel = writer(db, "parallel", "P_", 4, b -> b);
            for (List<Lcr> transaction : stream) {
                for (Lcr lcr : transaction) {
                    serial.write(lcr, null);
                    oneByOne.write(lcr, null);
                    parallel.write(lcr, null);
                }
                if (transaction.get(0).commitScn() % 7000 == 0) {
                    parallel.flush(false); // a checkpoint now and then
                    serial.flush(false);
                }
            }
            for (JdbcSinkWriter writer : List.of(serial, oneByOne, parallel)) {
                writer.flush(true);
                writer.close();
            }

            List<String> expected = model.rows();
            assertThat(db.rows("SELECT \"ID\", \"NOTE\", \"AMOUNT\" FROM \"S_ACCT\" ORDER BY \"ID\"")).isEqualTo(expected);
            assertThat(db.rows("SELECT \"ID\", \"NOTE\", \"AMOUNT\" FROM \"P_ACCT\" ORDER BY \"ID\"")).isEqualTo(expected);
            assertThat(db.rows("SELECT \"ID\", \"NOTE\", \"AMOUNT\" FROM \"O_ACCT\" ORDER BY \"ID\"")).isEqualTo(expected);
            String audit = "SELECT \"ID\", \"NOTE\" FROM \"%sAUDIT\" ORDER BY \"ID\", \"NOTE\"";
            assertThat(db.rows(audit.formatted("P_"))).hasSize(model.auditRows).isEqualTo(db.rows(audit.formatted("S_")))
                    .isEqualTo(db.rows(audit.formatted("O_")));
            String errors = "SELECT \"POSITION\", \"ORDINAL\", \"COMMAND\" FROM \"REDO_CDC_ERRORS\" WHERE \"SINK_NAME\" = '%s'"
                    + " ORDER BY \"POSITION\", \"ORDINAL\"";
            assertThat(db.rows(errors.formatted("parallel"))).hasSize(model.rejectedLcrs)
                    .isEqualTo(db.rows(errors.formatted("serial"))).isEqualTo(db.rows(errors.formatted("single")));
            List<Lcr> last = stream.get(stream.size() - 1);
            String lastPosition = last.get(last.size() - 1).position();
            assertThat(db.rows("SELECT \"SINK_NAME\", \"POSITION\" FROM \"REDO_CDC_APPLIED\" ORDER BY 1")).containsExactly(
                    "parallel|" + lastPosition, "serial|" + lastPosition, "single|" + lastPosition);
        }
    }

    /** The expected target: keyed rows of ACCT as "ID|NOTE|AMOUNT"; generates valid (and a few bad) transactions. */
    private static final class Model {
        private final Random random;
        private final Map<Integer, String[]> accounts = new TreeMap<>();
        int auditRows;
        int rejectedLcrs;

        Model(Random random) {
            this.random = random;
        }

        List<Lcr> nextTransaction(int t) {
            Map<Integer, String[]> after = new TreeMap<>(accounts);
            Transactions transaction = txn(t * 100L);
            int changes = 1 + random.nextInt(3);
            boolean rejected = random.nextInt(25) == 0;
            int audits = 0;
            for (int i = 0; i < changes; i++) {
                if (random.nextInt(12) == 0) {
                    transaction.insert("AUDIT", v("ID", "" + t), v("NOTE", "a" + i));
                    audits++;
                    continue;
                }
                int id = random.nextInt(KEYS);
                String[] row = after.get(id);
                String[] next = {"n" + t + "_" + i, "" + random.nextInt(1000)};
                if (row == null) {
                    transaction.insert("ACCT", v("ID", "" + id), v("NOTE", next[0]), v("AMOUNT", next[1]));
                    after.put(id, next);
                } else if (random.nextInt(4) == 0) {
                    transaction.delete("ACCT", v("ID", "" + id), v("NOTE", row[0]), v("AMOUNT", row[1]));
                    after.remove(id);
                } else {
                    int newId = random.nextInt(5) == 0 ? freeKey(after, id) : id;
                    transaction.update("ACCT", image(v("ID", "" + id), v("NOTE", row[0]), v("AMOUNT", row[1])),
                            image(v("ID", "" + newId), v("NOTE", next[0]), v("AMOUNT", next[1])));
                    after.remove(id);
                    after.put(newId, next);
                }
            }
            if (rejected) {
                // an update of a row that is not there: a conflict under policy error, so the whole transaction fails
                transaction.update("ACCT", image(v("ID", "" + (KEYS + 1)), v("NOTE", "gone")),
                        image(v("ID", "" + (KEYS + 1)), v("NOTE", "x")));
            }
            List<Lcr> built = transaction.build();
            if (rejected) {
                rejectedLcrs += built.size();
            } else {
                accounts.clear();
                accounts.putAll(after);
                auditRows += audits;
            }
            return built;
        }

        private int freeKey(Map<Integer, String[]> rows, int current) {
            for (int k = random.nextInt(KEYS), n = 0; n < KEYS; k = (k + 1) % KEYS, n++) {
                if (!rows.containsKey(k)) {
                    return k;
                }
            }
            return current;
        }

        List<String> rows() {
            List<String> rows = new ArrayList<>();
            accounts.forEach((id, row) -> rows.add(id + "|" + row[0] + "|" + row[1]));
            return rows;
        }
    }

    private static JdbcSinkWriter writer(TestDatabase db, String sinkName, String prefix, int parallelism,
                                         UnaryOperator<JdbcSinkOptions.Builder> configure) throws Exception {
        JdbcSinkOptions options = configure.apply(JdbcSinkOptions.builder().jdbcUrl(db.url()).user(db.user())
                .password(Secret.of(db.password())).sinkName(sinkName).applyParallelism(parallelism)
                .mapTable("OE.ACCT", db.schema() + "." + prefix + "ACCT")
                .mapTable("OE.AUDIT", db.schema() + "." + prefix + "AUDIT")).build();
        return JdbcSinkWriter.create(new ApplyContext(options, new JdbcSinkMetrics(new UnregisteredMetricsGroup())),
                List.of());
    }

    private static void execute(TestDatabase db, String sql) throws SQLException {
        try (Connection connection = db.connect(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
