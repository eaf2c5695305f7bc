package io.redocdc.source.testing;

import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.catalog.RedoThreadStatus;
import io.redocdc.source.model.ArchivedLog;
import java.util.ArrayList;
import java.util.List;

/** A catalog listing whatever logs the test put in; contents cannot be opened. */
public final class InMemoryCatalog implements ArchivedLogCatalog {

    private static final long serialVersionUID = 1L;

    private final List<ArchivedLog> logs = new ArrayList<>();
    private final List<RedoThreadStatus> threadStatuses = new ArrayList<>();

    public InMemoryCatalog(List<ArchivedLog> logs) {
        this.logs.addAll(logs);
    }

    public synchronized void add(ArchivedLog log) {
        logs.add(log);
    }

    /** What the catalog reports for the threads from now on (V$THREAD). */
    public synchronized void threadStatuses(List<RedoThreadStatus> statuses) {
        threadStatuses.clear();
        threadStatuses.addAll(statuses);
    }

    @Override
    public synchronized List<RedoThreadStatus> threadStatuses() {
        return new ArrayList<>(threadStatuses);
    }

    @Override
    public synchronized List<ArchivedLog> listAvailableLogs() {
        return new ArrayList<>(logs);
    }

    @Override
    public LogContentsReader openContents(ArchivedLog log) {
        throw new UnsupportedOperationException("in-memory catalog has no contents");
    }

    @Override
    public String description() {
        return "in-memory catalog";
    }
}
