package io.redocdc.tools.export;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.Scn;
import io.redocdc.source.model.ThreadSequence;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Planning on V$ARCHIVED_LOG-like rows (ranges from the 2-thread RAC of reference/oracle/v_archived_log-...). */
class ExportPlanTest {

    private static final long R = 1029337344L;
    private static final ArchivedLog T1_40 = log(1, 19640, 73688099480L, 73690669482L);
    private static final ArchivedLog T1_41 = log(1, 19641, 73690669482L, 73690670319L);
    private static final ArchivedLog T1_42 = log(1, 19642, 73690670319L, 73693211872L);
    private static final ArchivedLog T2_01 = log(2, 18701, 73690669387L, 73690670437L);
    private static final ArchivedLog T2_02 = log(2, 18702, 73690670437L, 73693758285L);

    @Test
    void newThreadsStartAtTheLogHoldingTheStartScnAndComeInScnOrder() {
        ExportPlan plan = ExportPlan.of(List.of(T1_42, T2_02, T1_40, T1_41, T2_01, T1_41), List.of(),
                Scn.of(73690669482L), null);

        assertThat(plan.ready()).containsExactly(T2_01, T1_41, T1_42, T2_02);
        assertThat(plan.gaps()).isEmpty();
        assertThat(plan.reachesEnd()).isFalse();
    }

    @Test
    void exportedThreadsResumeAfterTheirLastLogWhateverTheStart() {
        ExportPlan plan = ExportPlan.of(List.of(T1_40, T1_41, T1_42, T2_01, T2_02), List.of(T1_40, T1_41),
                Scn.ZERO, null);

        assertThat(plan.ready()).containsExactly(T2_01, T1_42, T2_02);
    }

    @Test
    void aHoleStopsItsThreadAndIsReportedWhileOtherThreadsGoOn() {
        ExportPlan plan = ExportPlan.of(List.of(T1_40, T1_42, T2_01, T2_02), List.of(), Scn.ZERO, null);

        assertThat(plan.ready()).containsExactly(T1_40, T2_01, T2_02);
        assertThat(plan.gaps()).singleElement().satisfies(gap -> {
            assertThat(gap.missing()).isEqualTo(new ThreadSequence(1, 19641, R));
            assertThat(gap.describe()).isEqualTo("thread 1 sequence 19641 (resetlogs 1029337344) is missing: the "
                    + "catalog lists sequence 19642 next (FIRST_CHANGE# 73690670319)");
        });
    }

    @Test
    void aPurgedLogAfterTheLastExportedOneIsAHole() {
        ExportPlan plan = ExportPlan.of(List.of(T1_42), List.of(T1_40), Scn.ZERO, null);

        assertThat(plan.ready()).isEmpty();
        assertThat(plan.gaps()).extracting(SequenceGap::missing).containsExactly(new ThreadSequence(1, 19641, R));
    }

    @Test
    void logsBeginningAfterTheEndScnAreLeftOutAndTheEndIsReachedOnceEveryThreadPassesIt() {
        Scn end = Scn.of(73690670000L);
        ExportPlan first = ExportPlan.of(List.of(T1_40, T1_41, T2_01), List.of(), Scn.ZERO, end);
        assertThat(first.ready()).containsExactly(T1_40, T2_01, T1_41);
        assertThat(first.reachesEnd()).isTrue();

        ExportPlan partial = ExportPlan.of(List.of(T1_40, T2_01), List.of(), Scn.ZERO, end);
        assertThat(partial.reachesEnd()).as("thread 1 ends at 73690669482, before the end").isFalse();

        ExportPlan withLater = ExportPlan.of(List.of(T1_41, T1_42, T2_01, T2_02), List.of(T1_40), Scn.ZERO, end);
        assertThat(withLater.ready()).containsExactly(T2_01, T1_41);
    }

    @Test
    void aThreadWhoseLogsAllEndBeforeTheStartIsIgnored() {
        ExportPlan plan = ExportPlan.of(List.of(T1_42, T2_01), List.of(), Scn.of(73690670437L),
                Scn.of(73690670500L));

        assertThat(plan.ready()).containsExactly(T1_42);
        assertThat(plan.reachesEnd()).isTrue();
        assertThat(ExportPlan.of(List.of(), List.of(), Scn.ZERO, Scn.of(5)).reachesEnd())
                .as("nothing listed yet").isFalse();
    }

    private static ArchivedLog log(int thread, long sequence, long first, long next) {
        LocalDateTime time = LocalDateTime.of(2022, 12, 1, 6, 36, 55);
        return new ArchivedLog(new ThreadSequence(thread, sequence, R), Scn.of(first), Scn.of(next), time, time,
                "/app/oracle/oradata/arch/" + thread + "_" + sequence + "_" + R + ".dbf", false, false);
    }
}
