package io.redocdc.operators.parser;

/** A SQL_REDO text the parser cannot read; the message quotes the statement and the character position. */
public class SqlRedoParseException extends RuntimeException {

    /**
     * What a reading of the lenient pass that does not fit throws: readings are tried by the thousand, so this one
     * carries neither message nor stack trace; the statement's error is the strict pass's.
     */
    static final SqlRedoParseException READING_REJECTED = new SqlRedoParseException();

    /**
     * What the first, strict pass throws when it fails: most such statements are then read leniently, and the
     * message (which quotes the statement) and stack trace cost more than the reading; the parser reads the text
     * strictly again for the real error when it has to throw one.
     */
    static final SqlRedoParseException STRICT_PASS_FAILED = new SqlRedoParseException();

    public SqlRedoParseException(String message) {
        super(message);
    }

    private SqlRedoParseException() {
        super("a reading that does not fit the statement", null, false, false);
    }
}
