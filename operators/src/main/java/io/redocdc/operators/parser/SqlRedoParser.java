package io.redocdc.operators.parser;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.source.model.NlsFormats;
import java.time.Year;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses LogMiner's SQL_REDO text (dictionary mode, CSF rows already joined) under the NLS settings the rows
 * were mined with. Thread-safe.
 *
 * <p>Values are read as Oracle quotes them ({@code ''} for an apostrophe). LogMiner sometimes leaves an
 * apostrophe inside a value undoubled ({@code 'j'ai glissé'}); a statement whose strict reading fails right after
 * a value (or on an unterminated one) is read again leniently: any quote followed by what may follow a value
 * ({@code , ) ; ||}, AND, WHERE or the end) may end a free-text literal. Of the readings that parse as a whole
 * (as many values as the INSERT names columns, a SET of distinct columns, a well-formed WHERE), the one that
 * takes the fewest such quotes into values is taken; when two readings tie, the statement is an error that names
 * both. Other failures are errors as they stand: a quote could always be made to swallow them.
 */
public final class SqlRedoParser {

    /** Bounds the lenient pass on statements with very many apostrophes. */
    private static final int MAX_READINGS = 4096;

    private static final SqlRedoParser MINING_SESSION = new SqlRedoParser(NlsFormats.MINING_SESSION);

    private final DatetimeLiterals datetimes;

    /** @throws IllegalArgumentException when an NLS format is not an Oracle datetime mask this parser reads */
    public SqlRedoParser(NlsFormats formats) {
        this.datetimes = new DatetimeLiterals(formats);
    }

    public NlsFormats formats() {
        return datetimes.formats();
    }

    /** Parses with the NLS settings our mining sessions set ({@link NlsFormats#MINING_SESSION}), RR against today. */
    public static ParsedStatement parse(String sqlRedo) {
        return MINING_SESSION.parse(sqlRedo, Year.now().getValue());
    }

    /**
     * @param referenceYear the year two-digit (RR, YY) years are resolved against: the redo row's
     * @return the statement; {@link StatementKind#NONE} for NULL, empty or comment-only text
     * @throws SqlRedoParseException naming the character position and quoting the statement when the text is
     *                               not a statement LogMiner writes, or reads two ways
     */
    public ParsedStatement parse(String sqlRedo, int referenceYear) {
        if (sqlRedo == null) {
            sqlRedo = "";
        }
        ParsedStatement plain = PlainDmlReader.read(sqlRedo);
        if (plain != null) {
            return plain;
        }
        RedoStatementReader strictReader = new RedoStatementReader(sqlRedo, datetimes, referenceYear, null, true);
        try {
            return strictReader.read();
        } catch (SqlRedoParseException quiet) {
            if (!strictReader.failedAtAQuote()) {
                throw strictError(sqlRedo, referenceYear);
            }
            return readLeniently(sqlRedo, referenceYear);
        }
    }

    /** The strict pass's error with its message and stack trace: the first strict pass fails quietly. */
    private SqlRedoParseException strictError(String sqlRedo, int referenceYear) {
        try {
            new RedoStatementReader(sqlRedo, datetimes, referenceYear, null, false).read();
        } catch (SqlRedoParseException strict) {
            return strict;
        }
        throw new IllegalStateException("the strict pass failed once and then read SQL_REDO \"" + sqlRedo + "\"");
    }

    private ParsedStatement readLeniently(String sqlRedo, int referenceYear) {
        QuoteReadings readings = new QuoteReadings();
        ParsedStatement best = null;
        ParsedStatement tied = null;
        int bestCost = Integer.MAX_VALUE;
        int tried = 0;
        do {
            if (++tried > MAX_READINGS) {
                throw new SqlRedoParseException(strictError(sqlRedo, referenceYear).getMessage() + "; read leniently (undoubled apostrophes), the "
                        + "statement has more than " + MAX_READINGS + " readings");
            }
            readings.restart();
            ParsedStatement reading;
            try {
                reading = new RedoStatementReader(sqlRedo, datetimes, referenceYear, readings, false).read();
            } catch (SqlRedoParseException doesNotFit) {
                continue; // this choice of closing quotes is not a statement; try the next
            }
            int cost = readings.quotesTakenIntoValues();
            if (cost < bestCost) {
                best = reading;
                bestCost = cost;
                tied = null;
                readings.limit(cost); // a reading that takes more quotes into values cannot win any more
            } else if (cost == bestCost && !reading.equals(best)) {
                tied = reading;
            }
        } while (readings.advance());
        if (best == null) {
            throw strictError(sqlRedo, referenceYear);
        }
        if (tied != null) {
            throw ambiguous(sqlRedo, best, tied);
        }
        return best;
    }

    private static SqlRedoParseException ambiguous(String sqlRedo, ParsedStatement one, ParsedStatement other) {
        return new SqlRedoParseException("SQL_REDO has apostrophes that are not doubled and reads two ways: "
                + describe(one) + " or " + describe(other) + "; SQL_REDO \"" + sqlRedo + "\"");
    }

    private static String describe(ParsedStatement reading) {
        List<String> parts = new ArrayList<>();
        for (ColumnValue v : reading.values()) {
            parts.add(v.name() + " = " + (v.text() == null ? v.kind() : "'" + v.text() + "'"));
        }
        for (ColumnValue v : reading.where()) {
            parts.add("where " + v.name() + " = " + (v.text() == null ? v.kind() : "'" + v.text() + "'"));
        }
        return "[" + String.join(", ", parts) + "]";
    }
}
