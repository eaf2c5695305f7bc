package io.redocdc.benchmarks.parser;

import io.debezium.config.Configuration;
import io.debezium.connector.oracle.OracleConnectorConfig;
import io.debezium.connector.oracle.logminer.parser.LogMinerDmlParser;
import io.debezium.relational.Column;
import io.debezium.relational.Table;
import io.debezium.relational.TableEditor;
import io.debezium.relational.TableId;
import io.redocdc.operators.parser.SqlRedoParser;
import io.redocdc.source.model.NlsFormats;

/** Builds both parsers once per trial, as each is used in its own pipeline: one instance, many statements. */
final class Parsers {

    /** Two-digit years resolve against this, as against a redo row's year. */
    static final int REFERENCE_YEAR = 2026;

    private Parsers() {
    }

    static SqlRedoParser redoCdc() {
        return new SqlRedoParser(NlsFormats.MINING_SESSION);
    }

    /** Debezium as configured by default (connector config with no options). */
    static LogMinerDmlParser debezium() {
        return new LogMinerDmlParser(new OracleConnectorConfig(Configuration.empty()));
    }

    /** Debezium with log.mining.sql.relaxed.quote.detection, its opt-in for apostrophes LogMiner left single. */
    static LogMinerDmlParser debeziumRelaxed() {
        return new LogMinerDmlParser(new OracleConnectorConfig(Configuration.create()
                .with(OracleConnectorConfig.LOG_MINING_SQL_RELAXED_QUOTE_DETECTION, "true")
                .build()));
    }

    /** Debezium places values by the table's column positions, so it needs the table; ours reads names. */
    static Table debeziumTable(Shape shape) {
        TableEditor editor = Table.editor().tableId(new TableId(null, shape.owner(), shape.table()));
        for (String column : shape.columns()) {
            editor.addColumn(Column.editor().name(column).create());
        }
        return editor.create();
    }
}
