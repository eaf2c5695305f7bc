package io.redocdc.tools.export;

import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.ResumePoint;
import java.io.IOException;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Predicate;

/**
 * A catalog that lists only the logs the test shows (as V$ARCHIVED_LOG lists only what is archived and not
 * purged yet), and can watch every record an export reads.
 */
public final class ShowingCatalog implements ArchivedLogCatalog {

    private static final long serialVersionUID = 1L;

    private final ArchivedLogCatalog delegate;
    private volatile Predicate<ArchivedLog> shown = log -> true;
    private volatile BiConsumer<ArchivedLog, Long> onRecord = (log, index) -> { };

    public ShowingCatalog(ArchivedLogCatalog delegate) {
        this.delegate = delegate;
    }

    public ShowingCatalog show(Predicate<ArchivedLog> predicate) {
        this.shown = predicate;
        return this;
    }

    /** Called with the log and the record index before each record is handed out. */
    public ShowingCatalog onRecord(BiConsumer<ArchivedLog, Long> listener) {
        this.onRecord = listener;
        return this;
    }

    @Override
    public List<ArchivedLog> listAvailableLogs() throws IOException {
        return delegate.listAvailableLogs().stream().filter(shown).toList();
    }

    @Override
    public LogContentsReader openContents(ArchivedLog log) throws IOException {
        LogContentsReader contents = delegate.openContents(log);
        return new LogContentsReader() {
            long index;

            @Override
            public RedoRecord next() throws IOException {
                onRecord.accept(log, index++);
                return contents.next();
            }

            @Override
            public void skipTo(ResumePoint point) throws IOException {
                contents.skipTo(point);
            }

            @Override
            public void close() throws IOException {
                contents.close();
            }
        };
    }

    @Override
    public String description() {
        return "test catalog over " + delegate.description();
    }
}
