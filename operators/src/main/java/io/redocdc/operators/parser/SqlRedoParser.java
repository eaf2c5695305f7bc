package io.redocdc.operators.parser;

/**
 * Parses LogMiner's SQL_REDO text (dictionary mode, CSF rows already joined). Stateless and thread-safe.
 */
public final class SqlRedoParser {

    private SqlRedoParser() {
    }

    /**
     * @throws SqlRedoParseException naming the character position and quoting the statement when the text is
     *                               not a statement LogMiner writes
     */
    public static ParsedStatement parse(String sqlRedo) {
        if (sqlRedo == null) {
            throw new SqlRedoParseException("SQL_REDO is null: expected a statement");
        }
        return new RedoStatementReader(sqlRedo).read();
    }
}
