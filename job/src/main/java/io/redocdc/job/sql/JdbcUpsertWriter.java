package io.redocdc.job.sql;

import io.redocdc.common.jdbc.SqlErrors;
import io.redocdc.sinks.jdbc.JdbcConnections;
import io.redocdc.sinks.jdbc.dialect.Condition;
import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import io.redocdc.sinks.jdbc.target.TableMetadata;
import io.redocdc.sinks.jdbc.target.TargetColumn;
import io.redocdc.sinks.jdbc.target.TargetTableCatalog;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.apache.flink.api.common.operators.ProcessingTimeService;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.metrics.Counter;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes one SQL table's upsert changelog into its target table. Changes are kept by key, the last change of a key
 * replacing the earlier ones, and written in one target transaction (a JDBC batch of upserts, one of deletes) when
 * {@code sink.batch-size} keys are pending, {@code sink.group-max-latency} after the first change, before every
 * checkpoint and at the end of input. Upserts and deletes by key are idempotent, so the target ends as the query's
 * result although a restore replays the changes since the checkpoint: they write the same rows again. The target
 * passes through the replayed intermediate values on the way, and tables are not written in one transaction.
 *
 * <p>A target that cannot take the table (missing, a column or the key not there, PostgreSQL without a primary
 * key for ON CONFLICT) fails the job without restarts: a restart would meet it again. Other SQL errors fail the job
 * with the usual restarts.
 */
final class JdbcUpsertWriter implements SinkWriter<RowData> {

    private static final Logger LOG = LoggerFactory.getLogger(JdbcUpsertWriter.class);
    private static final Object[] DELETED = new Object[0];

    private final JdbcUpsertSink.Spec spec;
    private final ProcessingTimeService timers;
    private final Counter sent;
    private final List<JdbcValues> values = new ArrayList<>();
    /** By key (its values): the row to upsert, or {@link #DELETED}. */
    private final Map<List<Object>, Object[]> pending = new LinkedHashMap<>();
    private final Connection connection;
    private final List<TargetColumn> targetColumns;
    private final PreparedStatement upsert;
    private final PreparedStatement delete;
    private boolean commitScheduled;
    private boolean closed;
    private long upserts;
    private long deletes;
    private long transactions;

    JdbcUpsertWriter(JdbcUpsertSink.Spec spec, ProcessingTimeService timers, Counter sent) throws IOException {
        this.spec = spec;
        this.timers = timers;
        this.sent = sent;
        RowType row = spec.row();
        for (int i = 0; i < row.getFieldCount(); i++) {
            values.add(JdbcValues.of(spec.sqlTable(), row.getFieldNames().get(i), row.getTypeAt(i), i));
        }
        Connection opened = null;
        try {
            opened = JdbcConnections.open(spec.options());
            opened.setAutoCommit(false);
            TableMetadata target = TargetTableCatalog.read(opened, spec.target(), List.of(),
                    "create it first (the jdbc-apply table sink does not create tables)");
            this.targetColumns = targetColumns(target);
            List<String> names = targetColumns.stream().map(TargetColumn::name).toList();
            List<String> key = spec.key().stream().map(names::get).toList();
            JdbcDialect dialect = spec.options().dialect();
            requireUpsertKey(dialect, target, key);
            this.upsert = opened.prepareStatement(dialect.upsert(spec.target(), names, key));
            this.delete = opened.prepareStatement(dialect.delete(spec.target(),
                    key.stream().map(Condition::equalTo).toList()));
            this.connection = opened;
            LOG.info("{}: upserts {} and deletes by key {}, up to {} keys per target transaction, committed at least "
                    + "every {} ms and at every checkpoint", spec.describe(), names, key,
                    spec.options().batchSize(), spec.options().groupMaxLatencyMillis());
        } catch (SQLException e) {
            closeQuietly(opened);
            String message = spec.describe() + ": " + SqlErrors.describe(e);
            if ("42S02".equals(e.getSQLState()) || "42S22".equals(e.getSQLState())) {
                throw new SuppressRestartsException(new IOException(message, e));
            }
            throw new IOException(message, e);
        } catch (RuntimeException e) {
            closeQuietly(opened);
            throw e;
        }
    }

    /** The target column of each SQL column: the same name, or else the one name equal ignoring case. */
    private List<TargetColumn> targetColumns(TableMetadata target) {
        List<TargetColumn> columns = new ArrayList<>();
        for (String column : spec.columns()) {
            TargetColumn exact = target.columns().get(column);
            List<TargetColumn> ignoringCase = target.columns().values().stream()
                    .filter(c -> c.name().toLowerCase(Locale.ROOT).equals(column.toLowerCase(Locale.ROOT))).toList();
            if (exact == null && ignoringCase.size() != 1) {
                throw new SuppressRestartsException(new IOException(spec.describe() + ": the target has "
                        + (ignoringCase.isEmpty() ? "no column " + column : "several columns named " + column
                        + " in different cases, and none exactly") + "; its columns are "
                        + new TreeSet<>(target.columns().keySet())));
            }
            columns.add(exact != null ? exact : ignoringCase.get(0));
        }
        return columns;
    }

    /** PostgreSQL's ON CONFLICT (key) needs a unique constraint on exactly the key; the primary key is checked. */
    private void requireUpsertKey(JdbcDialect dialect, TableMetadata target, List<String> key) {
        if (dialect.upsertNeedsUniqueKey() && !new HashSet<>(target.keyColumns()).equals(new HashSet<>(key))) {
            throw new SuppressRestartsException(new IOException(spec.describe() + ": " + dialect.name()
                    + " upserts with INSERT ... ON CONFLICT, which needs the target's primary key to be the SQL "
                    + "table's, " + key + "; the target's primary key is " + target.keyColumns()));
        }
    }

    @Override
    public void write(RowData row, Context context) throws IOException {
        switch (row.getRowKind()) {
            case INSERT, UPDATE_AFTER -> pending.put(keyOf(row), rowValues(row));
            case DELETE -> pending.put(keyOf(row), DELETED);
            case UPDATE_BEFORE -> {
                return; // an upsert sink is not sent these; the UPDATE_AFTER that follows carries the row
            }
        }
        if (pending.size() >= spec.options().batchSize()) {
            commitPending();
        } else {
            scheduleCommit();
        }
    }

    private List<Object> keyOf(RowData row) {
        List<Object> key = new ArrayList<>(spec.key().size());
        for (int index : spec.key()) {
            Object value = values.get(index).get(row);
            key.add(value instanceof byte[] bytes ? ByteBuffer.wrap(bytes) : value); // compared by content
        }
        return key;
    }

    private Object[] rowValues(RowData row) {
        Object[] result = new Object[values.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = values.get(i).get(row);
        }
        return result;
    }

    private void scheduleCommit() {
        if (!commitScheduled && timers != null) {
            commitScheduled = true;
            timers.registerTimer(timers.getCurrentProcessingTime() + spec.options().groupMaxLatencyMillis(), time -> {
                commitScheduled = false;
                if (!closed) {
                    commitPending();
                }
            });
        }
    }

    @Override
    public void flush(boolean endOfInput) throws IOException {
        commitPending();
    }

    private void commitPending() throws IOException {
        if (pending.isEmpty()) {
            return;
        }
        int upserted = 0;
        int deleted = 0;
        try {
            for (Map.Entry<List<Object>, Object[]> change : pending.entrySet()) {
                if (change.getValue() == DELETED) {
                    for (int k = 0; k < spec.key().size(); k++) {
                        bind(delete, k + 1, change.getKey().get(k), spec.key().get(k));
                    }
                    delete.addBatch();
                    deleted++;
                } else {
                    Object[] row = change.getValue();
                    for (int i = 0; i < row.length; i++) {
                        bind(upsert, i + 1, row[i], i);
                    }
                    upsert.addBatch();
                    upserted++;
                }
            }
            if (upserted > 0) {
                upsert.executeBatch();
            }
            if (deleted > 0) {
                delete.executeBatch();
            }
            connection.commit();
        } catch (SQLException e) {
            rollbackQuietly();
            throw new IOException(spec.describe() + ": cannot write " + upserted + " upserts and " + deleted
                    + " deletes: " + SqlErrors.describe(e), e);
        }
        pending.clear();
        upserts += upserted;
        deletes += deleted;
        transactions++;
        sent.inc(upserted + deleted);
    }

    private void bind(PreparedStatement statement, int parameter, Object value, int column) throws SQLException {
        if (value == null) {
            statement.setNull(parameter, targetColumns.get(column).jdbcType());
        } else {
            statement.setObject(parameter, value instanceof ByteBuffer bytes ? bytes.array() : value);
        }
    }

    private void rollbackQuietly() {
        try {
            upsert.clearBatch();
            delete.clearBatch();
            connection.rollback();
        } catch (SQLException e) {
            LOG.warn("{}: rollback failed: {}", spec.describe(), SqlErrors.describe(e));
        }
    }

    @Override
    public void close() {
        closed = true;
        if (connection != null) {
            // nothing is executed outside commitPending; Oracle's driver would commit an open transaction on close
            rollbackQuietly();
            closeQuietly(connection);
            LOG.info("{}: {} upserts and {} deletes written in {} target transactions", spec.describe(), upserts,
                    deletes, transactions);
        }
    }

    private void closeQuietly(Connection opened) {
        if (opened != null) {
            try {
                opened.close();
            } catch (SQLException e) {
                LOG.warn("{}: closing the connection failed: {}", spec.describe(), SqlErrors.describe(e));
            }
        }
    }
}
