package io.redocdc.sinks.jdbc.apply;

import io.redocdc.sinks.jdbc.JdbcSinkMetrics;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import io.redocdc.sinks.jdbc.target.TableMapping;
import io.redocdc.sinks.jdbc.target.TargetTableCatalog;

/**
 * What every {@link TransactionApplier} of one sink shares: options, dialect, name mapping, the catalog of
 * target tables and the metrics. Thread-safe.
 */
public final class ApplyContext {

    private final JdbcSinkOptions options;
    private final JdbcDialect dialect;
    private final TableMapping mapping;
    private final TargetTableCatalog catalog;
    private final JdbcSinkMetrics metrics;

    public ApplyContext(JdbcSinkOptions options, JdbcSinkMetrics metrics) {
        this(options, options.dialect(), metrics);
    }

    /** With a given dialect (tests use variants of the URL's dialect). */
    public ApplyContext(JdbcSinkOptions options, JdbcDialect dialect, JdbcSinkMetrics metrics) {
        this.options = options;
        this.dialect = dialect;
        this.mapping = new TableMapping(options);
        this.catalog = new TargetTableCatalog(mapping);
        this.metrics = metrics;
    }

    public JdbcSinkOptions options() {
        return options;
    }

    public JdbcDialect dialect() {
        return dialect;
    }

    public TableMapping mapping() {
        return mapping;
    }

    public TargetTableCatalog catalog() {
        return catalog;
    }

    public JdbcSinkMetrics metrics() {
        return metrics;
    }
}
