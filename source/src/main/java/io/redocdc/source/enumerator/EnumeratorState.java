package io.redocdc.source.enumerator;

import io.redocdc.source.event.LogRef;
import io.redocdc.source.model.Scn;
import java.util.List;

/**
 * The enumerator's checkpoint. Logs not listed in {@code assigned} and not finished are (re)assigned after a
 * restore; assigned logs are in some reader's checkpoint.
 *
 * @param startScn the start SCN the job began with (kept, so a restore selects the same logs)
 * @param resetlogsId the incarnation being read, or {@link #NO_INCARNATION} before any log was selected
 * @param publishedFrontier the last completed-SCN frontier sent to readers, or {@link #NOTHING_PUBLISHED}
 * @param threads per-thread progress
 * @param assigned logs handed to readers and not reported finished
 */
public record EnumeratorState(Scn startScn, long resetlogsId, long publishedFrontier, List<ThreadProgress> threads,
                              List<LogRef> assigned) {

    public static final long NO_INCARNATION = -1;
    public static final long NOTHING_PUBLISHED = -1;

    public EnumeratorState {
        threads = List.copyOf(threads);
        assigned = List.copyOf(assigned);
    }

    public static EnumeratorState initial(Scn startScn) {
        return new EnumeratorState(startScn, NO_INCARNATION, NOTHING_PUBLISHED, List.of(), List.of());
    }
}
