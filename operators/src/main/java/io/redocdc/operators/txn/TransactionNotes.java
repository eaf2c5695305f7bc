package io.redocdc.operators.txn;

import io.redocdc.source.model.RedoRecord;
import java.util.LinkedHashSet;
import java.util.Set;
import org.slf4j.Logger;

/**
 * What went unusual in one transaction (rows not built yet, undo rows that matched nothing), collected while
 * its rows stream past and logged once per transaction rather than once per row.
 */
final class TransactionNotes {

    private static final int MAX_NAMED = 5;

    private final String xid;
    private long unsupportedRows;
    private final Set<String> unsupportedKinds = new LinkedHashSet<>();
    private long unmatchedUndoRows;
    private String firstUnmatchedUndo;

    TransactionNotes(String xid) {
        this.xid = xid;
    }

    void unsupported(RedoRecord row) {
        unsupportedRows++;
        if (unsupportedKinds.size() < MAX_NAMED) {
            unsupportedKinds.add(row.operation() + " (code " + row.operationCode() + ") on " + row.segOwner() + "."
                    + row.tableName());
        }
    }

    void unmatchedUndo(RedoRecord row) {
        if (unmatchedUndoRows++ == 0) {
            firstUnmatchedUndo = row.origin() + " ROW_ID " + row.rowId();
        }
    }

    long unsupportedRows() {
        return unsupportedRows;
    }

    long unmatchedUndoRows() {
        return unmatchedUndoRows;
    }

    void log(Logger log, long commitScn) {
        if (unsupportedRows > 0) {
            log.warn("transaction {} (commit SCN {}): {} captured row(s) of operations not converted to LCRs yet "
                    + "were left out: {}", xid, commitScn, unsupportedRows, String.join(", ", unsupportedKinds));
        }
        if (unmatchedUndoRows > 0) {
            log.warn("transaction {} (commit SCN {}): {} rollback-to-savepoint undo row(s) matched no earlier row "
                    + "of the transaction with the same ROW_ID (first at {}); the undone change was not among the "
                    + "rows read (filtered out, or written before capture started)", xid, commitScn,
                    unmatchedUndoRows, firstUnmatchedUndo);
        }
    }
}
