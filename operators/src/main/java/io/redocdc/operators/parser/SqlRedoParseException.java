package io.redocdc.operators.parser;

/** A SQL_REDO text the parser cannot read; the message quotes the statement and the character position. */
public class SqlRedoParseException extends RuntimeException {

    public SqlRedoParseException(String message) {
        super(message);
    }
}
