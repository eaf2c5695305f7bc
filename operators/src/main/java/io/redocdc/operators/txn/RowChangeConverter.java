package io.redocdc.operators.txn;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.operators.parser.ParsedStatement;
import io.redocdc.operators.parser.SqlRedoParseException;
import io.redocdc.operators.parser.SqlRedoParser;
import io.redocdc.operators.parser.StatementKind;
import io.redocdc.source.model.OperationCode;
import io.redocdc.source.model.RedoRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a live (ROLLBACK=0) DML or DDL redo row into a {@link RowChange}: parses SQL_REDO, checks that it names
 * the row's table and operation, and builds the images. INSERT: after = values; DELETE: before = WHERE columns;
 * UPDATE: before = WHERE columns, after = before with the SET columns replaced in place, SET columns missing
 * from the WHERE clause appended. DDL keeps its text.
 */
final class RowChangeConverter {

    private static final ColumnValue[] NONE = new ColumnValue[0];

    private final TableFilter tableFilter;

    RowChangeConverter(TableFilter tableFilter) {
        this.tableFilter = tableFilter;
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
        ParsedStatement parsed;
        try {
            parsed = SqlRedoParser.parse(row.sqlRedo());
        } catch (SqlRedoParseException e) {
            throw failure(row, xid, e.getMessage(), e);
        } catch (RuntimeException e) {
            throw failure(row, xid, "the parser failed with " + e, e);
        }
        LcrCommand command = command(row.op());
        if (command == null || !parsed.kind().name().equals(command.name())) {
            throw failure(row, xid, "OPERATION_CODE " + row.operationCode() + " (" + row.operation()
                    + ") but SQL_REDO is a " + parsed.kind() + " statement", null);
        }
        checkTable(row, xid, parsed);
        if (row.segOwner() == null && !tableFilter.mayCapture(parsed.owner(), parsed.table())) {
            return null;
        }
        return switch (command) {
            case INSERT -> new RowChange(parsed.owner(), parsed.table(), command, NONE, array(parsed.values()), null);
            case DELETE -> new RowChange(parsed.owner(), parsed.table(), command, array(parsed.where()), NONE, null);
            case UPDATE -> new RowChange(parsed.owner(), parsed.table(), command, array(parsed.where()),
                    afterImage(parsed.where(), parsed.values()), null);
            case DDL -> throw new IllegalStateException("unreachable");
        };
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
            int at = indexOf(after, assigned.name());
            if (at >= 0) {
                after.set(at, assigned);
            } else {
                after.add(assigned);
            }
        }
        return array(after);
    }

    private static int indexOf(List<ColumnValue> values, String name) {
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
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
