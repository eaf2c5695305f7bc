package io.redocdc.operators.txn;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.operators.parser.ParsedStatement;
import io.redocdc.operators.parser.SqlRedoParseException;
import io.redocdc.operators.parser.SqlRedoParser;
import io.redocdc.operators.parser.StatementKind;
import io.redocdc.source.model.OperationCode;
import io.redocdc.source.model.RedoRecord;
import java.time.Year;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a live (ROLLBACK=0) DML or DDL redo row into a {@link RowChange}: parses SQL_REDO, checks that it names
 * the row's table and operation, and builds the images. INSERT: after = values; DELETE: before = WHERE columns;
 * UPDATE: before = WHERE columns, after = before with the SET columns replaced in place, SET columns missing
 * from the WHERE clause appended. DDL keeps its text.
 */
final class RowChangeConverter {

    private static final Logger LOG = LoggerFactory.getLogger(RowChangeConverter.class);
    private static final ColumnValue[] NONE = new ColumnValue[0];
    private static final ParsedStatement NO_STATEMENT =
            new ParsedStatement(StatementKind.NONE, null, null, List.of(), List.of(), null, -1);

    private final TableFilter tableFilter;
    private final SqlRedoParser parser;
    private final Set<String> tablesWithoutSql = new HashSet<>();

    RowChangeConverter(TableFilter tableFilter, SqlRedoParser parser) {
        this.tableFilter = tableFilter;
        this.parser = parser;
    }

    /** Rows that write a LOB or XMLType column's value apart from its row (see {@link LobAssembly}). */
    static boolean isLobRow(OperationCode op) {
        return switch (op) {
            case SELECT_LOB_LOCATOR, LOB_WRITE, LOB_TRIM, LOB_ERASE, LOB_ERASE_DOCUMENTED, XML_DOC_BEGIN, XML_DOC_WRITE,
                    XML_DOC_END -> true;
            default -> false;
        };
    }

    /**
     * A LOB or XML row's statement; {@link StatementKind#NONE} for rows without SQL (23ai's code 9 rows, XML DOC
     * END), null when the row's table, known only from its SQL_REDO, is not captured.
     */
    ParsedStatement parseLob(RedoRecord row, String xid) {
        if (row.op() == OperationCode.XML_DOC_END) {
            return NO_STATEMENT;
        }
        ParsedStatement parsed = parse(row, xid);
        boolean fits = switch (row.op()) {
            case XML_DOC_BEGIN -> parsed.kind() == StatementKind.XML_DOC_BEGIN;
            case XML_DOC_WRITE -> parsed.kind() == StatementKind.XML_REDO || parsed.kind() == StatementKind.AMOUNT;
            default -> parsed.kind() == StatementKind.LOB || parsed.kind() == StatementKind.NONE;
        };
        if (!fits) {
            throw kindMismatch(row, xid, parsed);
        }
        if (parsed.locator() != null) {
            checkTable(row, xid, parsed);
            if (row.segOwner() == null && !tableFilter.captures(parsed.owner(), parsed.table())) {
                return null;
            }
        }
        return parsed;
    }

    private ParsedStatement parse(RedoRecord row, String xid) {
        try {
            return parser.parse(row.sqlRedo(), referenceYear(row));
        } catch (SqlRedoParseException e) {
            throw failure(row, xid, e.getMessage(), e);
        } catch (RuntimeException e) {
            throw failure(row, xid, "the parser failed with " + e, e);
        }
    }

    private static RowConversionException kindMismatch(RedoRecord row, String xid, ParsedStatement parsed) {
        return failure(row, xid, "OPERATION_CODE " + row.operationCode() + " (" + row.operation()
                + ") but SQL_REDO is a " + parsed.kind() + " statement", null);
    }

    /** True when a row of this kind becomes an LCR: DML and DDL. */
    static boolean isConvertible(OperationCode op) {
        return op.isRowChange() || op == OperationCode.DDL;
    }

    /**
     * @return the change, or null when the row's table (known only from its SQL_REDO) is not captured
     * @throws RowConversionException when the row cannot be converted
     */
    RowChange convert(RedoRecord row, String xid) {
        if (row.op() == OperationCode.DDL) {
            return new RowChange(row.segOwner(), row.tableName(), LcrCommand.DDL, NONE, NONE, row.sqlRedo());
        }
        ParsedStatement parsed = parse(row, xid);
        if (parsed.kind() == StatementKind.NONE) {
            warnNoStatement(row);
            return null;
        }
        LcrCommand command = command(row.op());
        if (command == null || !parsed.kind().name().equals(command.name())) {
            throw kindMismatch(row, xid, parsed);
        }
        checkTable(row, xid, parsed);
        if (row.segOwner() == null && !tableFilter.mayCapture(parsed.owner(), parsed.table())) {
            return null;
        }
        return switch (command) {
            case INSERT -> new RowChange(parsed.owner(), parsed.table(), command, NONE, array(parsed.values()), null);
            case DELETE -> new RowChange(parsed.owner(), parsed.table(), command, array(parsed.where()), NONE, null);
            case UPDATE -> new RowChange(parsed.owner(), parsed.table(), command, array(parsed.where()),
                    afterImage(parsed.where(), parsed.values()), null,
                    parsed.values().stream().map(ColumnValue::name).toList());
            case DDL -> throw new IllegalStateException("unreachable");
        };
    }

    /** Rows LogMiner has no SQL for (temporary tables): nothing to replay; said once per table. */
    private void warnNoStatement(RedoRecord row) {
        String table = row.segOwner() + "." + row.tableName();
        if (tablesWithoutSql.add(table)) {
            LOG.warn("{} rows of {} have no SQL_REDO ({}), first at SCN {} ({}): they are not replicated",
                    row.operation(), table, row.sqlRedo() == null ? "NULL" : "'" + row.sqlRedo().trim() + "'",
                    row.scn(), row.origin());
        }
    }

    /** Two-digit years (RR) resolve against the year the change was made, so a replay reads them the same. */
    private static int referenceYear(RedoRecord row) {
        // TIMESTAMP is YYYY-MM-DD HH24:MI:SS (contract 1): its year without parsing the whole date for every row
        return row.timestamp() == null ? Year.now().getValue() : Integer.parseInt(row.timestamp(), 0, 4, 10);
    }

    private static LcrCommand command(OperationCode op) {
        return switch (op) {
            case INSERT -> LcrCommand.INSERT;
            case UPDATE -> LcrCommand.UPDATE;
            case DELETE -> LcrCommand.DELETE;
            default -> null;
        };
    }

    private static void checkTable(RedoRecord row, String xid, ParsedStatement parsed) {
        if (parsed.owner() == null || parsed.table() == null) {
            throw failure(row, xid, "SQL_REDO names no table", null);
        }
        boolean ownerDiffers = row.segOwner() != null && !row.segOwner().equals(parsed.owner());
        boolean tableDiffers = row.tableName() != null && !row.tableName().equals(parsed.table());
        if (ownerDiffers || tableDiffers) {
            throw failure(row, xid, "SQL_REDO names table " + parsed.owner() + "." + parsed.table()
                    + " but SEG_OWNER.TABLE_NAME is " + row.segOwner() + "." + row.tableName(), null);
        }
    }

    private static ColumnValue[] afterImage(List<ColumnValue> before, List<ColumnValue> set) {
        List<ColumnValue> after = new ArrayList<>(before);
        for (ColumnValue assigned : set) {
            ColumnValue.put(after, assigned);
        }
        return array(after);
    }

    private static ColumnValue[] array(List<ColumnValue> values) {
        return values.toArray(NONE);
    }

    static RowConversionException failure(RedoRecord row, String xid, String reason, Throwable cause) {
        return new RowConversionException("cannot convert the redo row at " + row.origin() + " (XID " + xid
                + ", SCN " + row.scn() + ", " + row.operation() + " on " + row.segOwner() + "." + row.tableName()
                + "): " + reason + "; SQL_REDO: " + row.sqlRedo(), reason, cause);
    }
}
