package io.redocdc.job.sql;

import io.redocdc.job.pipeline.JobOptions;
import io.redocdc.operators.txn.TableFilter;
import java.util.Map;
import java.util.Set;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.factories.DynamicTableSourceFactory;
import org.apache.flink.table.factories.FactoryUtil;

/**
 * {@code 'connector' = 'oracle-redo'}: a captured table as a Flink SQL changelog table. {@code table-name} names
 * the table; every other WITH key is one of {@code run}'s source or capture options ({@link RunOptionsBridge}).
 */
public final class OracleRedoTableFactory implements DynamicTableSourceFactory {

    public static final String IDENTIFIER = "oracle-redo";

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        return Set.of(RunOptionsBridge.TABLE_NAME);
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        return RunOptionsBridge.captureOptions();
    }

    @Override
    public DynamicTableSource createDynamicTableSource(Context context) {
        FactoryUtil.TableFactoryHelper helper = FactoryUtil.createTableFactoryHelper(this, context);
        // unknown keys fail here, naming them and listing the ones the source takes
        helper.validate();
        String table = helper.getOptions().get(RunOptionsBridge.TABLE_NAME).trim();
        if (table.indexOf('.') <= 0 || table.indexOf('.') != table.lastIndexOf('.') || table.endsWith(".")) {
            throw new ValidationException("oracle-redo table " + context.getObjectIdentifier() + ": '"
                    + RunOptionsBridge.TABLE_NAME.key() + "' must be OWNER.TABLE (got '" + table + "')");
        }
        Map<String, String> captureOptions = RunOptionsBridge.captureOptionsOf(context.getCatalogTable().getOptions());
        // validated now, so that a bad option fails the CREATE's first use rather than the running job
        JobOptions options = RunOptionsBridge.jobOptions(table, captureOptions);
        requireCaptured(table, options);
        return new OracleRedoTableSource(table, captureOptions, options.bounded(),
                context.getPhysicalRowDataType(), context.getPrimaryKeyIndexes());
    }

    /** A table the capture leaves out would silently stay empty. */
    private static void requireCaptured(String table, JobOptions options) {
        int dot = table.indexOf('.');
        TableFilter filter = TableFilter.of(
                options.include() != null ? options.include() : TableFilter.DEFAULT_INCLUDE,
                options.exclude() != null ? options.exclude() : TableFilter.DEFAULT_EXCLUDE);
        if (!filter.captures(table.substring(0, dot), table.substring(dot + 1))) {
            throw new ValidationException("oracle-redo table " + table + " is not captured: capture.include "
                    + filter.include() + " and capture.exclude " + filter.exclude() + " leave it out");
        }
    }
}
