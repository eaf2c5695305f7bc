package io.redocdc.operators.parser;

/** A SQL_REDO text the parser cannot read; the message quotes the statement and the character position. */
public class SqlRedoParseException extends RuntimeException {

    /**
     * What a reading of the lenient pass that does not fit throws: readings are tried by the thousand, so this one
     * carries neither message nor stack trace; the statement's error is the strict pass's.
     */
    static final SqlRedoParseException READING_REJECTED = new SqlRedoParseException();

    public SqlRedoParseException(String message) {
        super(message);
    }

    private SqlRedoParseException() {
        super("a lenient reading that does not fit the statement", null, false, false);
    }
}
