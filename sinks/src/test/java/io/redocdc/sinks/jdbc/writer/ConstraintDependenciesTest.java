package io.redocdc.sinks.jdbc.writer;

import static io.redocdc.sinks.jdbc.testing.Transactions.image;
import static io.redocdc.sinks.jdbc.testing.Transactions.nul;
import static io.redocdc.sinks.jdbc.testing.Transactions.txn;
import static io.redocdc.sinks.jdbc.testing.Transactions.v;
import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.sinks.jdbc.JdbcSinkMetrics;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.apply.ApplyContext;
import io.redocdc.sinks.jdbc.apply.RowKeyExtractor;
import io.redocdc.sinks.jdbc.parallel.DependencyTracker;
import io.redocdc.sinks.jdbc.parallel.TransactionFootprint;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Parallel apply orders two transactions when the target's foreign keys or unique keys make their order matter,
 * not only when they write the same primary key: a child row waits for the transaction that writes its parent,
 * and a row taking a unique value waits for the one that frees it. Rows that merely reference the same parent
 * do not wait for each other.
 */
class ConstraintDependenciesTest {

    private static final String URL = "jdbc:h2:mem:constraint-keys;MODE=Oracle;DB_CLOSE_DELAY=-1";
    private Connection connection;

    @BeforeEach
    void createTables() throws Exception {
        connection = DriverManager.getConnection(URL);
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE SCHEMA \"OE\"");
            statement.execute("CREATE TABLE \"OE\".\"DEPT\" (\"DEPTNO\" NUMBER PRIMARY KEY, \"DNAME\" VARCHAR2(20))");
            statement.execute("CREATE TABLE \"OE\".\"EMP\" (\"EMPNO\" NUMBER PRIMARY KEY, \"ENAME\" VARCHAR2(20), "
                    + "\"DEPTNO\" NUMBER REFERENCES \"OE\".\"DEPT\" (\"DEPTNO\"), \"MGR\" NUMBER, "
                    + "CONSTRAINT \"EMP_MGR_FK\" FOREIGN KEY (\"MGR\") REFERENCES \"OE\".\"EMP\" (\"EMPNO\"))");
            statement.execute("CREATE TABLE \"OE\".\"USERS\" (\"ID\" NUMBER PRIMARY KEY, \"LOGIN\" VARCHAR2(20) "
                    + "NOT NULL, \"EMAIL\" VARCHAR2(40), CONSTRAINT \"USERS_LOGIN_UK\" UNIQUE (\"LOGIN\"))");
            statement.execute("CREATE UNIQUE INDEX \"USERS_EMAIL_UX\" ON \"OE\".\"USERS\" (\"EMAIL\")");
            // A child whose foreign key names a unique key of its parent, not its primary key.
            statement.execute("CREATE TABLE \"OE\".\"SESSIONS\" (\"SID\" NUMBER PRIMARY KEY, \"LOGIN\" VARCHAR2(20), "
                    + "CONSTRAINT \"SESSIONS_LOGIN_FK\" FOREIGN KEY (\"LOGIN\") REFERENCES \"OE\".\"USERS\" (\"LOGIN\"))");
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
    void aChildRowWaitsForTheTransactionInsertingItsParent() {
        List<Lcr> dept = txn(10).insert("DEPT", v("DEPTNO", "50"), v("DNAME", "OPS")).build();
        List<Lcr> emp = txn(20).insert("EMP", v("EMPNO", "7"), v("ENAME", "KING"), v("DEPTNO", "50"), nul("MGR"))
                .build();

        assertThat(waitsFor(dept, emp)).isTrue();
    }

    @Test
    void aParentDeleteWaitsForTheTransactionDeletingItsChildren() {
        List<Lcr> emp = txn(10).delete("EMP", v("EMPNO", "7"), v("ENAME", "KING"), v("DEPTNO", "50"), nul("MGR"))
                .build();
        List<Lcr> dept = txn(20).delete("DEPT", v("DEPTNO", "50"), v("DNAME", "OPS")).build();

        assertThat(waitsFor(emp, dept)).isTrue();
    }

    @Test
    void aSelfReferenceWaitsForTheReferencedRow() {
        List<Lcr> boss = txn(10).insert("EMP", v("EMPNO", "1"), v("ENAME", "BOSS"), nul("DEPTNO"), nul("MGR")).build();
        List<Lcr> worker = txn(20).insert("EMP", v("EMPNO", "2"), v("ENAME", "W"), nul("DEPTNO"), v("MGR", "1"))
                .build();

        assertThat(waitsFor(boss, worker)).isTrue();
    }

    @Test
    void aForeignKeyToAUniqueKeyWaitsForTheParentTakingThatValue() {
        List<Lcr> user = txn(10).update("USERS", image(v("ID", "1"), v("LOGIN", "old")),
                image(v("ID", "1"), v("LOGIN", "scott"))).build();
        List<Lcr> session = txn(20).insert("SESSIONS", v("SID", "9"), v("LOGIN", "scott")).build();

        assertThat(waitsFor(user, session)).isTrue();
    }

    @Test
    void aRowTakingAUniqueValueWaitsForTheTransactionFreeingIt() {
        List<Lcr> freesLogin = txn(10).delete("USERS", v("ID", "1"), v("LOGIN", "scott"), nul("EMAIL")).build();
        List<Lcr> takesLogin = txn(20).insert("USERS", v("ID", "2"), v("LOGIN", "scott"), nul("EMAIL")).build();
        List<Lcr> freesEmail = txn(30).update("USERS", image(v("ID", "3"), v("EMAIL", "a@example.com")),
                image(v("ID", "3"), v("EMAIL", "b@example.com"))).build();
        List<Lcr> takesEmail = txn(40).insert("USERS", v("ID", "4"), v("LOGIN", "adams"), v("EMAIL", "a@example.com"))
                .build();

        assertThat(waitsFor(freesLogin, takesLogin)).as("unique constraint").isTrue();
        assertThat(waitsFor(freesEmail, takesEmail)).as("unique index").isTrue();
    }

    @Test
    void unrelatedRowsAndNullsDoNotWait() {
        List<Lcr> dept = txn(10).insert("DEPT", v("DEPTNO", "50"), v("DNAME", "OPS")).build();
        List<Lcr> otherDept = txn(20).insert("EMP", v("EMPNO", "7"), v("ENAME", "KING"), v("DEPTNO", "60"),
                nul("MGR")).build();
        List<Lcr> noDept = txn(30).insert("EMP", v("EMPNO", "8"), v("ENAME", "FORD"), nul("DEPTNO"), nul("MGR"))
                .build();
        List<Lcr> nullEmail = txn(40).insert("USERS", v("ID", "5"), v("LOGIN", "x"), nul("EMAIL")).build();
        List<Lcr> otherNullEmail = txn(50).insert("USERS", v("ID", "6"), v("LOGIN", "y"), nul("EMAIL")).build();
        // An UPDATE that sets no column of a key neither takes nor frees a value of it.
        List<Lcr> rename = txn(60).update("EMP", image(v("EMPNO", "7")), image(v("EMPNO", "7"), v("ENAME", "K")))
                .build();

        assertThat(waitsFor(dept, otherDept)).as("another parent").isFalse();
        assertThat(waitsFor(dept, noDept)).as("a null foreign key references nothing").isFalse();
        assertThat(waitsFor(nullEmail, otherNullEmail)).as("null unique values never collide").isFalse();
        assertThat(waitsFor(dept, rename)).as("foreign key columns not set").isFalse();
    }

    @Test
    void childrenOfOneParentDoNotWaitForEachOther() {
        List<Lcr> first = txn(10).insert("EMP", v("EMPNO", "7"), v("ENAME", "KING"), v("DEPTNO", "50"), nul("MGR"))
                .build();
        List<Lcr> second = txn(20).insert("EMP", v("EMPNO", "8"), v("ENAME", "FORD"), v("DEPTNO", "50"), nul("MGR"))
                .build();

        assertThat(waitsFor(first, second)).isFalse();
    }

    @Test
    void aKeyColumnMissingFromTheImageOrdersTheTransactionAgainstEverything() {
        // The after image of an INSERT without the foreign key column: the row's parent is unknown.
        assertThat(footprint(txn(10).insert("EMP", v("EMPNO", "7"), v("ENAME", "KING"), nul("MGR")).build())
                .isBarrier()).isTrue();
        // An UPDATE setting a unique column whose old value the before image does not show.
        assertThat(footprint(txn(10).update("USERS", image(v("ID", "1")), image(v("ID", "1"), v("LOGIN", "new")))
                .build()).isBarrier()).isTrue();
    }

    /** True when parallel apply would hold back {@code later} until {@code earlier} has committed. */
    private boolean waitsFor(List<Lcr> earlier, List<Lcr> later) {
        DependencyTracker<String> tracker = new DependencyTracker<>();
        TransactionFootprint first = footprint(earlier);
        TransactionFootprint second = footprint(later);
        assertThat(first.isBarrier() || second.isBarrier()).as("neither footprint is a barrier").isFalse();
        tracker.add("earlier", first, false);
        tracker.add("later", second, false);
        List<String> ready = new ArrayList<>();
        DependencyTracker.Entry<String> entry;
        while ((entry = tracker.pollReady()) != null) {
            ready.add(entry.transaction());
        }
        return !ready.contains("later");
    }

    private TransactionFootprint footprint(List<Lcr> lcrs) {
        JdbcSinkOptions options = JdbcSinkOptions.builder().jdbcUrl(URL).build();
        RowKeyExtractor keys = new RowKeyExtractor(connection,
                new ApplyContext(options, new JdbcSinkMetrics(new UnregisteredMetricsGroup())));
        TransactionFootprint footprint = new TransactionFootprint(100);
        lcrs.forEach(lcr -> keys.addTo(footprint, lcr));
        return footprint;
    }
}
