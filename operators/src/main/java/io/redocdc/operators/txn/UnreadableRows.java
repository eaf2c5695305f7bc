package io.redocdc.operators.txn;

import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.UnnamedTables;

/**
 * Row changes LogMiner could not name or decode, which must never become LCRs: rows of a table it could not name
 * ({@link UnnamedTables}), which may be a captured table, and STATUS 2 rows, whose SQL_REDO is "not valid"
 * (Oracle Database Utilities 12.1, "DDL_DICT_TRACKING and Supplemental Logging Settings": a dictionary mismatch gives
 * STATUS 2 with INFO 'Dictionary Mismatch'; the SQL then has "COL n" names and HEXTORAW values, see
 * oracle-reference/operation-codes.md). Each is a {@link RowConversionException}: the job fails naming it, or
 * with dead letters it goes to the dead-letter output.
 */
final class UnreadableRows {

    /** V$LOGMNR_CONTENTS.STATUS of a row whose SQL_REDO/SQL_UNDO is not valid. */
    static final int STATUS_INVALID = 2;

    private UnreadableRows() {
    }

    /**
     * @param owner the row's table as SEG_OWNER/TABLE_NAME name it, or SQL_REDO when SEG_OWNER is null
     * @throws RowConversionException when the row is unreadable
     */
    static void check(RedoRecord row, String xid, String owner, String table) {
        String reason = null;
        if (UnnamedTables.isUnknownObject(owner, table)) {
            reason = "LogMiner could not name the table " + name(row, owner, table) + ": its dictionary does not know "
                    + "the object, which may be a captured table";
        } else if (UnnamedTables.isRecycleBin(owner, table)) {
            reason = "the table " + name(row, owner, table) + " is named by its recycle-bin name: it was dropped after "
                    + "this change, and which table it was is not known by name";
        } else if (row.status() == STATUS_INVALID) {
            reason = "STATUS 2 (INFO '" + row.info() + "'): LogMiner's dictionary does not match this version of "
                    + "table " + name(row, owner, table) + ", so SQL_REDO does not hold its real columns and values";
        }
        if (reason != null) {
            throw RowChangeConverter.failure(row, xid, reason + "; mine the log with a dictionary that matches the "
                    + "redo (the LogMiner dictionary in the redo logs with DDL tracking)", null);
        }
    }

    /** Built only for an error: this check runs on every row. */
    private static String name(RedoRecord row, String owner, String table) {
        return owner + "." + table + " (DATA_OBJ# " + row.dataObj() + ")";
    }
}
