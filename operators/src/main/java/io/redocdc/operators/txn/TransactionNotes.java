package io.redocdc.operators.txn;

import io.redocdc.source.model.RedoRecord;
import org.slf4j.Logger;

/**
 * What went unusual in one transaction (undo rows that matched nothing), collected while its rows stream past and
 * logged once per transaction rather than once per row.
 */
final class TransactionNotes {

    private final String xid;
    private long unmatchedUndoRows;
    private String firstUnmatchedUndo;

    TransactionNotes(String xid) {
        this.xid = xid;
    }

    void unmatchedUndo(RedoRecord row) {
        if (unmatchedUndoRows++ == 0) {
            firstUnmatchedUndo = row.origin() + " ROW_ID " + row.rowId();
        }
    }

    long unmatchedUndoRows() {
        return unmatchedUndoRows;
    }

    void log(Logger log, long commitScn) {
        if (unmatchedUndoRows > 0) {
            log.warn("transaction {} (commit SCN {}): {} rollback-to-savepoint undo row(s) matched no earlier row "
                    + "of the transaction with the same ROW_ID (first at {}); the undone change was not among the "
                    + "rows read (filtered out, or written before capture started)", xid, commitScn,
                    unmatchedUndoRows, firstUnmatchedUndo);
        }
    }
}
