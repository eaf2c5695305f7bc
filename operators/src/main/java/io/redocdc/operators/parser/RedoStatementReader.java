package io.redocdc.operators.parser;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.ValueKind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The statement grammar of LogMiner's SQL_REDO (recursive descent over a {@link RedoTextCursor}). One reader
 * reads one statement.
 */
final class RedoStatementReader {

    private static final String STATEMENT_STARTS = "'insert', 'update', 'delete', a DBMS_LOB block ('DECLARE', "
            + "'BEGIN', 'buf_c :=', 'dbms_lob.'), 'XML DOC BEGIN:', 'XML_REDO :=', 'amount:' or 'Unsupported'";

    private final RedoTextCursor cursor;
    private final RedoValueReader values;
    private final boolean lenient;
    private String alias;
    private String rowId;

    /** @param quietErrors see {@link RedoTextCursor#RedoTextCursor(String, QuoteReadings, boolean)} */
    RedoStatementReader(String sqlRedo, DatetimeLiterals datetimes, int referenceYear, QuoteReadings readings,
                        boolean quietErrors) {
        this.cursor = new RedoTextCursor(sqlRedo, readings, quietErrors);
        this.values = new RedoValueReader(cursor, datetimes, referenceYear);
        this.lenient = readings != null;
    }

    /** After {@link #read()} failed: whether an undoubled apostrophe may be the cause (see the cursor's rule). */
    boolean failedAtAQuote() {
        return cursor.failedAtAQuote();
    }

    ParsedStatement read() {
        if (cursor.atEnd()) {
            return new ParsedStatement(StatementKind.NONE, null, null, List.of(), List.of(), null, -1);
        }
        ParsedStatement statement;
        if (cursor.tryKeyword("insert")) {
            statement = insert();
        } else if (cursor.tryKeyword("update")) {
            statement = update();
        } else if (cursor.tryKeyword("delete")) {
            statement = delete();
        } else if (cursor.lookingAtKeyword("DECLARE") || cursor.lookingAtKeyword("BEGIN")
                || cursor.lookingAtKeyword("dbms_lob") || cursor.lookingAtKeyword("END")
                || (!cursor.lookingAtKeyword("XML_REDO") && cursor.lookingAtAssignment())) {
            statement = new LobBlockReader(cursor, values, this::conditions).read();
        } else if (cursor.tryKeyword("XML_REDO")) {
            statement = xmlRedo();
        } else if (cursor.tryKeyword("XML")) {
            statement = xmlDocBegin();
        } else if (cursor.tryKeyword("amount")) {
            statement = amount();
        } else if (cursor.tryKeyword("Unsupported")) {
            statement = new ParsedStatement(StatementKind.UNSUPPORTED, null, null, List.of(), List.of(), null, -1);
        } else {
            throw cursor.expected(STATEMENT_STARTS);
        }
        cursor.tryChar(';');
        if (!cursor.atEnd()) {
            throw cursor.expected("the end of the statement");
        }
        return statement;
    }

    /** {@code insert into "O"."T"("A","B") values (v1,v2)} */
    private ParsedStatement insert() {
        cursor.expectKeyword("into");
        String owner = cursor.quotedIdentifier();
        cursor.expectChar('.');
        String table = cursor.quotedIdentifier();
        cursor.expectChar('(');
        List<String> names = new ArrayList<>();
        do {
            names.add(cursor.quotedIdentifier());
        } while (cursor.tryChar(','));
        cursor.expectChar(')');
        cursor.expectKeyword("values");
        cursor.expectChar('(');
        int count = names.size();
        List<ColumnValue> inserted = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            if (i > 0 && !cursor.tryChar(',')) {
                throw cursor.expected("',' and a value for column \"" + names.get(i) + "\" (" + count
                        + " columns named, " + i + " values given)");
            }
            inserted.add(values.read(names.get(i)));
        }
        if (!cursor.tryChar(')')) {
            throw cursor.expected("')' after the " + count + " values for the " + count + " columns named");
        }
        return new ParsedStatement(StatementKind.INSERT, owner, table, Collections.unmodifiableList(inserted),
                List.of(), null, -1);
    }

    /** {@code update "O"."T" [alias] set [alias.]"A" = v, ... [where <conditions>]} */
    private ParsedStatement update() {
        String owner = cursor.quotedIdentifier();
        cursor.expectChar('.');
        String table = cursor.quotedIdentifier();
        readAlias("set");
        cursor.expectKeyword("set");
        List<ColumnValue> assigned = new ArrayList<>();
        do {
            String name = column();
            if (lenient && ColumnValue.indexOf(assigned, name) >= 0) { // a reading that splits a value into two SETs
                throw cursor.expected("each column once in SET (\"" + name + "\" is assigned twice)");
            }
            cursor.expectChar('=');
            assigned.add(values.read(name));
        } while (cursor.tryChar(','));
        List<ColumnValue> where = optionalWhere();
        return new ParsedStatement(StatementKind.UPDATE, owner, table, Collections.unmodifiableList(assigned),
                where, rowId, -1);
    }

    /** {@code delete from "O"."T" [alias] [where <conditions>]} */
    private ParsedStatement delete() {
        return fromTableWhere(StatementKind.DELETE);
    }

    /** {@code from "O"."T" [alias] [where <conditions>]}, the tail of a DELETE and of an XML DOC BEGIN. */
    private ParsedStatement fromTableWhere(StatementKind kind) {
        cursor.expectKeyword("from");
        String owner = cursor.quotedIdentifier();
        cursor.expectChar('.');
        String table = cursor.quotedIdentifier();
        readAlias("where");
        List<ColumnValue> where = optionalWhere();
        return new ParsedStatement(kind, owner, table, List.of(), where, rowId, -1);
    }

    /** A table alias ({@code update "S"."T" a set a."C" = ...}), when a word other than {@code next} follows. */
    private void readAlias(String next) {
        int at = cursor.peek();
        if (at == '"' || at == -1 || at == ';' || cursor.lookingAtKeyword(next)) {
            return;
        }
        int start = cursor.position();
        int end = cursor.consumeWord();
        if (end == start) {
            throw cursor.expected("'" + next + "' or a table alias");
        }
        alias = cursor.slice(start, end);
    }

    /** {@code [alias.]"NAME"}: a column, qualified by the table alias when the statement declares one. */
    private String column() {
        if (alias != null && cursor.peek() != '"') {
            int start = cursor.position();
            int end = cursor.consumeWord();
            if (!cursor.wordEquals(start, end, alias)) {
                throw cursor.errorAt(start, "expected a column of alias " + alias + " but found '"
                        + cursor.slice(start, end) + "'");
            }
            cursor.expectChar('.');
        }
        return cursor.quotedIdentifier();
    }

    private List<ColumnValue> optionalWhere() {
        if (cursor.tryKeyword("where")) {
            return conditions();
        }
        int next = cursor.peek();
        if (next != -1 && next != ';') {
            throw cursor.expected("'where' or the end of the statement");
        }
        return List.of();
    }

    /** {@code XML DOC BEGIN:  select "COL" from "O"."T" where <conditions>} ("XML" already read). */
    private ParsedStatement xmlDocBegin() {
        cursor.expectKeyword("DOC");
        cursor.expectKeyword("BEGIN");
        cursor.expectChar(':');
        cursor.expectKeyword("select");
        String column = cursor.quotedIdentifier();
        ParsedStatement row = fromTableWhere(StatementKind.XML_DOC_BEGIN);
        LobLocator locator = new LobLocator(row.owner(), row.table(), column, LobLocator.LobType.XML, row.where());
        return new ParsedStatement(StatementKind.XML_DOC_BEGIN, row.owner(), row.table(), List.of(), row.where(),
                row.rowId(), -1, locator, List.of());
    }

    /** {@code XML_REDO := '<xml text>'} ("XML_REDO" already read). */
    private ParsedStatement xmlRedo() {
        cursor.expectChar(':');
        cursor.expectChar('=');
        ColumnValue xml = values.read("");
        if (xml.kind() != ValueKind.STRING) {
            throw cursor.expected("the XML text as a quoted or UNISTR literal");
        }
        long amount = -1;
        if (cursor.tryKeyword("amount")) { // an XML DOC WRITE row may carry both lines
            cursor.expectChar(':');
            amount = cursor.unsignedLong();
        }
        return new ParsedStatement(StatementKind.XML_REDO, null, null, List.of(xml), List.of(), null, amount);
    }

    /** {@code  amount: 15} ("amount" already read). */
    private ParsedStatement amount() {
        cursor.expectChar(':');
        long amount = cursor.unsignedLong();
        return new ParsedStatement(StatementKind.AMOUNT, null, null, List.of(), List.of(), null, amount);
    }

    /**
     * {@code "A" = v and "B" IS NULL and ROWID = '...'}: the column conditions in order; a ROWID condition
     * sets {@link #rowId} instead.
     */
    private List<ColumnValue> conditions() {
        List<ColumnValue> where = new ArrayList<>();
        do {
            if (cursor.peek() != '"' && (cursor.tryKeyword("ROWID") || (alias != null && tryAliasedRowId()))) {
                int at = cursor.position();
                if (rowId != null) {
                    throw cursor.errorAt(at - "ROWID".length(), "second ROWID condition");
                }
                cursor.expectChar('=');
                rowId = cursor.plainLiteral();
                continue;
            }
            if (cursor.peek() != '"' && alias == null) {
                throw cursor.expected("a condition (a double-quoted column name or ROWID)");
            }
            String name = column();
            if (cursor.tryKeyword("IS")) {
                cursor.expectKeyword("NULL");
                where.add(ColumnValue.ofNull(name));
            } else if (cursor.tryChar('=')) {
                where.add(values.read(name));
            } else {
                throw cursor.expected("'=' or 'IS NULL' after column \"" + name + "\"");
            }
        } while (cursor.tryKeyword("and"));
        return Collections.unmodifiableList(where);
    }

    /** {@code alias.ROWID}. */
    private boolean tryAliasedRowId() {
        return cursor.tryQualifiedKeyword(alias, "ROWID");
    }
}
