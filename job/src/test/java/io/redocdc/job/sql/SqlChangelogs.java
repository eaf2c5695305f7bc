package io.redocdc.job.sql;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

/** Streaming table environments and the changelogs of their queries, for the SQL integration tests. */
final class SqlChangelogs {

    private SqlChangelogs() {
    }

    /** A streaming environment (Flink's batch mode takes no changelog sources) at the given parallelism. */
    static TableEnvironment streamingTables(int parallelism) {
        TableEnvironment tables = TableEnvironment.create(EnvironmentSettings.newInstance().inStreamingMode().build());
        tables.getConfig().set(CoreOptions.DEFAULT_PARALLELISM, parallelism);
        return tables;
    }

    /** Every row a query emits, with its RowKind, in the order it came. */
    static List<Row> changelog(TableEnvironment tables, String query) throws Exception {
        List<Row> changes = new ArrayList<>();
        try (CloseableIterator<Row> it = tables.executeSql(query).collect()) {
            it.forEachRemaining(changes::add);
        }
        return changes;
    }
}
