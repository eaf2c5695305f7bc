package io.redocdc.job.sql;

import static io.redocdc.sinks.jdbc.JdbcSinkConfigOptions.BATCH_SIZE;
import static io.redocdc.sinks.jdbc.JdbcSinkConfigOptions.GROUP_MAX_LATENCY;
import static io.redocdc.sinks.jdbc.JdbcSinkConfigOptions.JDBC_URL;
import static io.redocdc.sinks.jdbc.JdbcSinkConfigOptions.PASSWORD_ENV;
import static io.redocdc.sinks.jdbc.JdbcSinkConfigOptions.PASSWORD_FILE;
import static io.redocdc.sinks.jdbc.JdbcSinkConfigOptions.USER;

import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.target.TargetTable;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.factories.DynamicTableSinkFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.types.logical.RowType;

/**
 * {@code 'connector' = 'jdbc-apply'}: a SQL table whose rows are upserted into, and deleted from, a table of an
 * Oracle, PostgreSQL or H2 database by its declared primary key. The connection options are the JDBC apply sink's
 * own ({@code sink.jdbc-url}, {@code sink.user}, ...: {@link io.redocdc.sinks.jdbc.JdbcSinkConfigOptions}), read
 * the same way as {@code run --sink.type jdbc} reads them.
 */
public final class JdbcApplyTableFactory implements DynamicTableSinkFactory {

    public static final String IDENTIFIER = "jdbc-apply";

    public static final ConfigOption<String> TARGET_TABLE = ConfigOptions.key("table-name").stringType()
            .noDefaultValue().withDescription("The target table, SCHEMA.TABLE or TABLE (in the connection's "
                    + "schema), spelt as the target stores the names: they are quoted in SQL.");

    /** The JDBC apply sink's options a SQL table takes; the others are about replaying transactions. */
    static final List<ConfigOption<?>> TARGET_OPTIONS =
            List.of(USER, PASSWORD_FILE, PASSWORD_ENV, BATCH_SIZE, GROUP_MAX_LATENCY);

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(JDBC_URL, TARGET_TABLE);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return new LinkedHashSet<>(TARGET_OPTIONS);
    }

    @Override
    public DynamicTableSink createDynamicTableSink(Context context) {
        FactoryUtil.TableFactoryHelper helper = FactoryUtil.createTableFactoryHelper(this, context);
        helper.validate(); // unknown keys fail here, naming them and listing the ones this sink takes
        String table = context.getObjectIdentifier().asSummaryString();
        int[] key = context.getPrimaryKeyIndexes();
        if (key.length == 0) {
            throw new ValidationException("jdbc-apply table " + table + " needs a PRIMARY KEY (...) NOT ENFORCED: "
                    + "it upserts and deletes the target's rows by that key");
        }
        JdbcSinkOptions options;
        try {
            options = JdbcSinkOptions.builder().configure(helper.getOptions()).build();
        } catch (IllegalArgumentException e) {
            throw new ValidationException("jdbc-apply table " + table + ": " + e.getMessage(), e);
        }
        RowType row = (RowType) context.getPhysicalRowDataType().getLogicalType();
        for (int i = 0; i < row.getFieldCount(); i++) {
            JdbcValues.of(table, row.getFieldNames().get(i), row.getTypeAt(i), i); // refuses types JDBC cannot bind
        }
        return new JdbcApplyTableSink(new JdbcUpsertSink.Spec(table, options,
                targetTable(table, helper.getOptions().get(TARGET_TABLE)), row,
                Arrays.stream(key).boxed().toList()));
    }

    private static TargetTable targetTable(String table, String name) {
        String[] parts = name.trim().split("\\.", -1);
        if (parts.length > 2 || Arrays.stream(parts).anyMatch(String::isEmpty)) {
            throw new ValidationException("jdbc-apply table " + table + ": '" + TARGET_TABLE.key()
                    + "' must be SCHEMA.TABLE or TABLE (got '" + name + "')");
        }
        return parts.length == 2 ? new TargetTable(parts[0], parts[1]) : new TargetTable(null, parts[0]);
    }
}
