package io.redocdc.cli;

import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.catalog.LogContentsReader;
import io.redocdc.source.model.ArchivedLog;
import java.io.IOException;
import java.io.Serializable;
import java.util.List;
import java.util.function.Predicate;

/** Lists only some logs of another catalog, as V$ARCHIVED_LOG does when a log is missing. */
final class FilteredCatalog implements ArchivedLogCatalog {

    private static final long serialVersionUID = 1L;

    private final ArchivedLogCatalog delegate;
    private final SerializablePredicate listed;

    FilteredCatalog(ArchivedLogCatalog delegate, Predicate<ArchivedLog> listed) {
        this.delegate = delegate;
        this.listed = listed::test;
    }

    @Override
    public List<ArchivedLog> listAvailableLogs() throws IOException {
        return delegate.listAvailableLogs().stream().filter(listed::test).toList();
    }

    @Override
    public LogContentsReader openContents(ArchivedLog log) throws IOException {
        return delegate.openContents(log);
    }

    @Override
    public String description() {
        return delegate.description();
    }

    private interface SerializablePredicate extends Serializable {
        boolean test(ArchivedLog log);
    }
}
