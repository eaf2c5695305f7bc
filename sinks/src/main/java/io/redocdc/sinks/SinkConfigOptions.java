package io.redocdc.sinks;

import static org.apache.flink.configuration.ConfigOptions.key;

import io.redocdc.common.options.OptionCatalog;
import io.redocdc.common.options.OptionDoc;
import java.util.List;
import java.util.Set;
import org.apache.flink.configuration.ConfigOption;

/**
 * The options every sink shares: which sink, the file sink's directory and format, and key columns. The JDBC apply
 * sink's own are in {@link io.redocdc.sinks.jdbc.JdbcSinkConfigOptions}. Descriptions are README markdown.
 */
public final class SinkConfigOptions {

    private static final OptionCatalog CATALOG = new OptionCatalog();

    public static final ConfigOption<SinkType> TYPE = CATALOG.add(key("sink.type").enumType(SinkType.class)
            .defaultValue(SinkType.FILES)
            .withDescription("write change files, or apply to a database (its options: "
                    + "[JDBC apply sink](#jdbc-apply-sink))"));

    public static final ConfigOption<String> DIR = CATALOG.add(key("sink.dir").stringType().noDefaultValue()
            .withDescription("output: `data/OWNER.TABLE/`, `ddl/`, `dead-letter/`; with `jdbc` only "
                    + "`dead-letter/`"), "DIR", "required for `files`");

    public static final ConfigOption<String> FORMAT = CATALOG.add(key("sink.format").stringType()
            .defaultValue("ogg-json").withDescription("data file format (`files` only)"),
            "ogg-json|debezium-json", null);

    public static final ConfigOption<List<String>> PRIMARY_KEY = CATALOG.add(key("primary-key").stringType()
            .asList().noDefaultValue()
            .withDescription("key columns written into `primary_keys`; for `jdbc`, the key used instead of the "
                    + "target table's primary key, for conflict resolution and parallel apply (repeatable; in a "
                    + "file `;` between tables)"),
            "OWNER.TABLE=COL[,COL]", "none (`jdbc`: the target's primary key)");

    private SinkConfigOptions() {
    }

    public static Set<ConfigOption<?>> all() {
        return CATALOG.options();
    }

    public static List<OptionDoc> docs() {
        return CATALOG.docs();
    }
}
