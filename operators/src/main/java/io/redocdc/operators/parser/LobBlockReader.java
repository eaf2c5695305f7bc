package io.redocdc.operators.parser;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.ValueKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The PL/SQL that LogMiner writes for LOB rows, whole (23ai: each LOB_WRITE, LOB_TRIM and LOB_ERASE row one
 * block) or in pieces (19c: the SEL_LOB_LOCATOR row opens the block, each LOB_WRITE row holds an assignment and a
 * write, and the last closes it):
 * <pre>
 * DECLARE loc_c CLOB; buf_c VARCHAR2(6162); loc_b BLOB; buf_b RAW(6162); loc_nc NCLOB; e_len NUMBER;
 * BEGIN select "C" into loc_c from "APP"."DOCS" where "ID" = '2' for update;
 *  buf_c := 'text'; dbms_lob.write(loc_c, 4, 1023, buf_c);
 *  dbms_lob.trim(loc_c, 7000);
 *  e_len := 10; dbms_lob.erase(loc_c, e_len, 1);
 * END;
 * </pre>
 */
final class LobBlockReader {

    private final RedoTextCursor cursor;
    private final RedoValueReader values;
    private final Supplier<List<ColumnValue>> conditions;
    private final Map<String, String> declaredTypes = new HashMap<>();
    private final Map<String, ColumnValue> assigned = new HashMap<>();
    private final List<LobOperation> operations = new ArrayList<>();
    private LobLocator locator;

    /** @param conditions reads a WHERE clause's conditions, as DML statements do */
    LobBlockReader(RedoTextCursor cursor, RedoValueReader values, Supplier<List<ColumnValue>> conditions) {
        this.cursor = cursor;
        this.values = values;
        this.conditions = conditions;
    }

    ParsedStatement read() {
        if (cursor.tryKeyword("DECLARE")) {
            declarations();
            cursor.expectKeyword("BEGIN");
        } else {
            cursor.tryKeyword("BEGIN");
        }
        while (!cursor.atEnd()) {
            if (cursor.tryKeyword("END")) {
                cursor.tryChar(';');
                break;
            }
            if (cursor.tryKeyword("select")) {
                select();
            } else if (cursor.tryKeyword("dbms_lob")) {
                call();
            } else {
                assignment();
            }
        }
        String owner = locator == null ? null : locator.owner();
        String table = locator == null ? null : locator.table();
        return new ParsedStatement(StatementKind.LOB, owner, table, List.of(),
                locator == null ? List.of() : locator.where(), null, -1, locator, List.copyOf(operations));
    }

    /** {@code name TYPE[(n)];} up to BEGIN. */
    private void declarations() {
        while (!cursor.lookingAtKeyword("BEGIN")) {
            String name = cursor.word().toLowerCase(Locale.ROOT);
            String type = cursor.word().toUpperCase(Locale.ROOT);
            if (cursor.tryChar('(')) {
                cursor.unsignedLong();
                cursor.expectChar(')');
            }
            cursor.expectChar(';');
            declaredTypes.put(name, type);
        }
    }

    /** {@code select "COL" into loc_c from "O"."T" where <conditions> for update;} */
    private void select() {
        String column = cursor.quotedIdentifier();
        cursor.expectKeyword("into");
        String variable = cursor.word();
        LobLocator.LobType type = locatorType(variable);
        cursor.expectKeyword("from");
        String owner = cursor.quotedIdentifier();
        cursor.expectChar('.');
        String table = cursor.quotedIdentifier();
        List<ColumnValue> where = cursor.tryKeyword("where") ? conditions.get() : List.of();
        cursor.expectKeyword("for");
        cursor.expectKeyword("update");
        cursor.expectChar(';');
        if (locator != null) {
            throw cursor.expected("one locator select per block (a second one selects \"" + column + "\")");
        }
        locator = new LobLocator(owner, table, column, type, where);
    }

    private LobLocator.LobType locatorType(String variable) {
        String declared = declaredTypes.get(variable.toLowerCase(Locale.ROOT));
        String type = declared != null ? declared : switch (variable.toLowerCase(Locale.ROOT)) {
            case "loc_c" -> "CLOB";
            case "loc_nc" -> "NCLOB";
            case "loc_b" -> "BLOB";
            default -> null;
        };
        if ("CLOB".equals(type) || "NCLOB".equals(type) || "BLOB".equals(type)) {
            return LobLocator.LobType.valueOf(type);
        }
        throw cursor.expected("a CLOB, NCLOB or BLOB locator (loc_c, loc_nc, loc_b) but '" + variable + "' is "
                + (declared == null ? "not declared" : "declared " + declared));
    }

    /** {@code buf_c := 'text';} or {@code e_len := 10;}. */
    private void assignment() {
        String variable = cursor.word().toLowerCase(Locale.ROOT);
        cursor.expectChar(':');
        cursor.expectChar('=');
        ColumnValue value = values.read(variable);
        cursor.expectChar(';');
        assigned.put(variable, value);
    }

    /** {@code dbms_lob.write(...)}, {@code .trim(...)} or {@code .erase(...)} ("dbms_lob" already read). */
    private void call() {
        cursor.expectChar('.');
        String procedure = cursor.word().toLowerCase(Locale.ROOT);
        cursor.expectChar('(');
        cursor.word(); // the locator variable: there is one per block
        switch (procedure) {
            case "write" -> {
                long amount = number();
                long offset = number();
                cursor.expectChar(',');
                String buffer = cursor.word().toLowerCase(Locale.ROOT);
                ColumnValue data = assigned.get(buffer);
                if (data == null || (data.kind() != ValueKind.STRING && data.kind() != ValueKind.RAW)) {
                    throw cursor.expected("a buffer assigned text or HEXTORAW before dbms_lob.write ('" + buffer
                            + "' is " + (data == null ? "never assigned" : data.kind()) + ")");
                }
                operations.add(new LobOperation.Write(amount, offset, data));
            }
            case "trim" -> operations.add(new LobOperation.Trim(number()));
            case "erase" -> {
                cursor.expectChar(',');
                long amount = numberOrVariable();
                long offset = number();
                operations.add(new LobOperation.Erase(amount, offset));
            }
            default -> throw cursor.expected("dbms_lob.write, dbms_lob.trim or dbms_lob.erase (found dbms_lob."
                    + procedure + ")");
        }
        cursor.expectChar(')');
        cursor.expectChar(';');
    }

    /** {@code , N}. */
    private long number() {
        cursor.expectChar(',');
        return cursor.unsignedLong();
    }

    private long numberOrVariable() {
        if (cursor.peek() >= '0' && cursor.peek() <= '9') {
            return cursor.unsignedLong();
        }
        String variable = cursor.word().toLowerCase(Locale.ROOT);
        ColumnValue value = assigned.get(variable);
        if (value == null || value.kind() != ValueKind.STRING) {
            throw cursor.expected("a number or a variable assigned one ('" + variable + "' is not)");
        }
        try {
            return Long.parseLong(value.text());
        } catch (NumberFormatException e) {
            throw cursor.expected("a whole number in '" + variable + "' (it holds '" + value.text() + "')");
        }
    }
}
