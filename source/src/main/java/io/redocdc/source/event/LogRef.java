package io.redocdc.source.event;

import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.Scn;
import io.redocdc.source.model.ThreadSequence;
import java.io.Serializable;

/**
 * An archived log's identity and SCN range in a form that travels in source events (the model types are not
 * Java-serializable).
 */
public record LogRef(int thread, long sequence, long resetlogsId, long firstChange, long nextChange)
        implements Serializable {

    public static LogRef of(ArchivedLog log) {
        return new LogRef(log.id().thread(), log.id().sequence(), log.id().resetlogsId(),
                log.firstChange().value(), log.nextChange().value());
    }

    public ThreadSequence id() {
        return new ThreadSequence(thread, sequence, resetlogsId);
    }

    public Scn first() {
        return Scn.of(firstChange);
    }

    public Scn next() {
        return Scn.of(nextChange);
    }

    @Override
    public String toString() {
        return id() + " [" + firstChange + ", " + nextChange + ")";
    }
}
