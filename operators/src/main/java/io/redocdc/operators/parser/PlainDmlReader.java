package io.redocdc.operators.parser;

import io.redocdc.operators.lcr.ColumnValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * One pass over the shape most SQL_REDO rows have: an INSERT, UPDATE or DELETE of double-quoted names whose values
 * are quoted literals or NULL, WHERE conditions {@code "C" = v}, {@code "C" IS NULL} and one {@code ROWID = '...'},
 * separated by blanks only. For such text it gives exactly what {@link RedoStatementReader}'s strict pass gives;
 * for anything else (comments, aliases, functions, numbers, {@code ||}, doubled quotes in names, non-ASCII letters
 * in keywords, an undoubled apostrophe, an error) it gives null and the general reader reads the text. Why: on
 * short statements the general reader's per-token work (a try per grammar alternative, blank and comment skipping
 * before each, three reader objects, a names list) costs more than reading the characters.
 */
final class PlainDmlReader {

    private final String text;
    private final int length;
    private int pos;

    private PlainDmlReader(String text) {
        this.text = text;
        this.length = text.length();
    }

    /** The statement, or null when the text is not of the plain shape (the general reader decides then). */
    static ParsedStatement read(String sqlRedo) {
        return new PlainDmlReader(sqlRedo).statement();
    }

    private ParsedStatement statement() {
        pos = afterBlanks(0);
        ParsedStatement statement;
        if (keyword("insert")) {
            statement = insert();
        } else if (keyword("update")) {
            statement = update();
        } else if (keyword("delete")) {
            statement = delete();
        } else {
            return null;
        }
        if (statement == null) {
            return null;
        }
        if (pos < length && text.charAt(pos) == ';') {
            pos = afterBlanks(pos + 1);
        }
        return pos == length ? statement : null;
    }

    /** {@code into "O"."T"("A",...) values (v,...)} */
    private ParsedStatement insert() {
        if (!keyword("into")) {
            return null;
        }
        String owner = identifier();
        if (owner == null || !symbol('.')) {
            return null;
        }
        String table = identifier();
        if (table == null || !symbol('(')) {
            return null;
        }
        String[] names = new String[8];
        int count = 0;
        do {
            String name = identifier();
            if (name == null) {
                return null;
            }
            if (count == names.length) {
                names = Arrays.copyOf(names, count * 2);
            }
            names[count++] = name;
        } while (symbol(','));
        if (!symbol(')') || !keyword("values") || !symbol('(')) {
            return null;
        }
        List<ColumnValue> inserted = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            ColumnValue value = i > 0 && !symbol(',') ? null : value(names[i]);
            if (value == null) {
                return null;
            }
            inserted.add(value);
        }
        if (!symbol(')')) {
            return null;
        }
        return new ParsedStatement(StatementKind.INSERT, owner, table, Collections.unmodifiableList(inserted),
                List.of(), null, -1);
    }

    /** {@code "O"."T" set "A" = v, ... [where <conditions>]} */
    private ParsedStatement update() {
        String owner = identifier();
        if (owner == null || !symbol('.')) {
            return null;
        }
        String table = identifier();
        if (table == null || !keyword("set")) {
            return null;
        }
        List<ColumnValue> assigned = new ArrayList<>();
        do {
            String name = identifier();
            ColumnValue value = name == null || !symbol('=') ? null : value(name);
            if (value == null) {
                return null;
            }
            assigned.add(value);
        } while (symbol(','));
        return withWhere(StatementKind.UPDATE, owner, table, Collections.unmodifiableList(assigned));
    }

    /** {@code from "O"."T" [where <conditions>]} */
    private ParsedStatement delete() {
        if (!keyword("from")) {
            return null;
        }
        String owner = identifier();
        if (owner == null || !symbol('.')) {
            return null;
        }
        String table = identifier();
        return table == null ? null : withWhere(StatementKind.DELETE, owner, table, List.of());
    }

    /** The optional WHERE that ends an UPDATE or DELETE, and the statement. */
    private ParsedStatement withWhere(StatementKind kind, String owner, String table, List<ColumnValue> values) {
        if (!keyword("where")) {
            boolean ends = pos == length || text.charAt(pos) == ';';
            return ends ? new ParsedStatement(kind, owner, table, values, List.of(), null, -1) : null;
        }
        List<ColumnValue> where = new ArrayList<>();
        String rowId = null;
        do {
            if (pos < length && text.charAt(pos) == '"') {
                String name = identifier();
                ColumnValue condition;
                if (symbol('=')) {
                    condition = value(name);
                } else {
                    condition = keyword("IS") && keyword("NULL") ? ColumnValue.ofNull(name) : null;
                }
                if (condition == null) {
                    return null;
                }
                where.add(condition);
            } else if (rowId == null && keyword("ROWID") && symbol('=') && at('\'')) {
                rowId = literal();
                if (rowId == null) {
                    return null;
                }
            } else {
                return null; // a second ROWID, an alias, or anything else: the general reader's case
            }
        } while (keyword("and"));
        return new ParsedStatement(kind, owner, table, values, Collections.unmodifiableList(where), rowId, -1);
    }

    /** A quoted literal or NULL, or null for any other value form. */
    private ColumnValue value(String column) {
        if (at('\'')) {
            String literal = literal();
            return literal == null ? null : ColumnValue.ofString(column, literal);
        }
        return keyword("NULL") ? ColumnValue.ofNull(column) : null;
    }

    /** The quoted literal at pos, {@code ''} read as one quote; null when unterminated. */
    private String literal() {
        int close = RedoTextCursor.strictClosingQuote(text, pos);
        if (close < 0) {
            return null; // maybe an undoubled apostrophe: the general reader's lenient pass decides
        }
        String value = RedoTextCursor.unquote(text, pos + 1, close);
        pos = afterBlanks(close + 1);
        return value;
    }

    /** A double-quoted name without {@code ""} in it; null when none comes next. */
    private String identifier() {
        if (!at('"')) {
            return null;
        }
        int close = text.indexOf('"', pos + 1);
        if (close < 0 || (close + 1 < length && text.charAt(close + 1) == '"')) {
            return null;
        }
        String name = text.substring(pos + 1, close);
        pos = afterBlanks(close + 1);
        return name;
    }

    /** Consumes {@code keyword} (ASCII letters, either case, as a whole word) and the blanks after it. */
    private boolean keyword(String keyword) {
        int end = pos + keyword.length();
        if (end > length || (end < length && RedoTextCursor.isWordChar(text.charAt(end)))) {
            return false;
        }
        for (int i = 0; i < keyword.length(); i++) {
            if ((text.charAt(pos + i) | 0x20) != (keyword.charAt(i) | 0x20)) {
                return false;
            }
        }
        pos = afterBlanks(end);
        return true;
    }

    /** Consumes {@code c} and the blanks after it. */
    private boolean symbol(char c) {
        if (at(c)) {
            pos = afterBlanks(pos + 1);
            return true;
        }
        return false;
    }

    private boolean at(char c) {
        return pos < length && text.charAt(pos) == c;
    }

    /** Blanks are what the general reader skips, except comments (a {@code /} ends the plain shape). */
    private int afterBlanks(int from) {
        int i = from;
        while (i < length && text.charAt(i) <= ' ') {
            i++;
        }
        return i;
    }
}
