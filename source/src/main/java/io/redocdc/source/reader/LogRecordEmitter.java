package io.redocdc.source.reader;

import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.connector.base.source.reader.RecordEmitter;

/**
 * Hands on one fetched record, on the task thread: emits it with its SCN as timestamp unless it is above the
 * maximum SCN, and advances its log's checkpointed position past it either way.
 */
final class LogRecordEmitter implements RecordEmitter<RedoRecord, RedoRecord, LogReading> {

    private final ArchivedLogCatalog catalog;
    private final long maxScn;

    LogRecordEmitter(ArchivedLogCatalog catalog, long maxScn) {
        this.catalog = catalog;
        this.maxScn = maxScn;
    }

    @Override
    public void emitRecord(RedoRecord record, SourceOutput<RedoRecord> output, LogReading reading) {
        long expected = reading.state().position().handedOn();
        if (record.index() != expected) {
            throw new IllegalStateException(record.origin() + ": record index " + record.index() + ", expected "
                    + expected);
        }
        requireInLogRange(record, reading.state().log());
        boolean emit = record.scn() <= maxScn;
        if (emit) {
            output.collect(record, record.scn());
        }
        reading.handedOn(record, emit);
    }

    /**
     * V$ARCHIVED_LOG's FIRST_CHANGE# is the first change in the log, so no record of the log can be below it. One
     * that is (a row in the wrong contents file, or a catalog row that does not match it) would reach the
     * assembler behind a watermark the enumerator already let pass, and break commit order downstream on every
     * restart; it stops the job here instead, naming where it is, until the input is fixed.
     */
    private void requireInLogRange(RedoRecord record, ArchivedLog log) {
        if (record.scn() < log.firstChange().value()) {
            throw new RedoInputException(record.origin() + " of " + catalog.description() + " (" + log.name()
                    + "): SCN " + record.scn() + " is below the log's FIRST_CHANGE# " + log.firstChange()
                    + " (the log covers [" + log.firstChange() + ", " + log.nextChange() + ")): the row belongs to "
                    + "another log, or the catalog row of " + log.id() + " does not match its contents; fix the "
                    + "input and restore");
        }
    }
}
