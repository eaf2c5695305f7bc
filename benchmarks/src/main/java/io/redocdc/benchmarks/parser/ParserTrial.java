package io.redocdc.benchmarks.parser;

import io.debezium.connector.oracle.logminer.parser.LogMinerDmlEntry;
import io.debezium.connector.oracle.logminer.parser.LogMinerDmlParser;
import io.debezium.relational.Table;
import io.redocdc.operators.parser.ParsedStatement;
import io.redocdc.operators.parser.SqlRedoParser;

/** One shape and the two parsers under test, each checked once against the shape before anything is timed. */
final class ParserTrial {

    private final String sql;
    private final SqlRedoParser ours;
    private final LogMinerDmlParser debezium;
    private final Table table;

    /** @param debezium null where Debezium has nothing comparable (only ours is checked and timed) */
    ParserTrial(Shape shape, SqlRedoParser ours, LogMinerDmlParser debezium) {
        this.sql = shape.sql();
        this.ours = ours;
        this.debezium = debezium;
        this.table = Parsers.debeziumTable(shape);
        ParseChecks.redoCdc(redoCdc(), shape);
        if (debezium != null) {
            ParseChecks.debezium(debezium(), shape, table);
        }
    }

    ParsedStatement redoCdc() {
        return ours.parse(sql, Parsers.REFERENCE_YEAR);
    }

    LogMinerDmlEntry debezium() {
        return debezium.parse(sql, table);
    }
}
