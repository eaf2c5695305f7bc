package io.redocdc.job.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;

class TableChangelogTest {

    private static final ColumnValue[] NONE = new ColumnValue[0];

    @Test
    void anUpdateIsABeforeAndAfterRowWithoutAKeyAndTheAfterRowWithOne() {
        Lcr update = lcr("ORDERS", LcrCommand.UPDATE, image("1", "NEW"), image("1", "PAID"));
        assertThat(changes(changelog(new int[0]), update)).containsExactly("-U(1,NEW)", "+U(1,PAID)");
        assertThat(changes(changelog(new int[] {0}), update)).containsExactly("+U(1,PAID)");
    }

    @Test
    void anUpdateOfTheKeyDeletesTheOldKeyInAnUpsertChangelog() {
        Lcr update = lcr("ORDERS", LcrCommand.UPDATE, image("1", "NEW"), image("2", "NEW"));
        assertThat(changes(changelog(new int[] {0}), update)).containsExactly("-D(1,NEW)", "+I(2,NEW)");
    }

    @Test
    void otherTablesAndDdlAreNotThisTablesChanges() {
        TableChangelog changelog = changelog(new int[0]);
        assertThat(changes(changelog, lcr("ORDER_ITEMS", LcrCommand.INSERT, NONE, image("1", "NEW")))).isEmpty();
        assertThat(changes(changelog, lcr("ORDERS", LcrCommand.DDL, null, null))).isEmpty();
        assertThat(changes(changelog, lcr("ORDERS", LcrCommand.INSERT, NONE, image("1", "NEW"))))
                .containsExactly("+I(1,NEW)");
    }

    @Test
    void aColumnTheRedoDidNotLogIsAnErrorExceptInAnUpsertDelete() {
        ColumnValue[] keyOnly = {ColumnValue.ofString("ORDER_ID", "1")};
        assertThat(changes(changelog(new int[] {0}), lcr("ORDERS", LcrCommand.DELETE, keyOnly, NONE)))
                .containsExactly("-D(1,null)");
        assertThatThrownBy(() -> changes(changelog(new int[0]), lcr("ORDERS", LcrCommand.DELETE, keyOnly, NONE)))
                .hasMessageContaining("oracle-redo table OE.ORDERS, column STATUS: the DELETE at SCN 100")
                .hasMessageContaining("carries no value for it");
    }

    private static TableChangelog changelog(int[] key) {
        return new TableChangelog("OE.ORDERS",
                List.of(new ColumnConverter("OE.ORDERS", "ORDER_ID", DataTypes.BIGINT().getLogicalType()),
                        new ColumnConverter("OE.ORDERS", "STATUS", DataTypes.STRING().getLogicalType())),
                key, List.of());
    }

    private static ColumnValue[] image(String id, String status) {
        return new ColumnValue[] {ColumnValue.ofString("ORDER_ID", id), ColumnValue.ofString("STATUS", status)};
    }

    private static Lcr lcr(String table, LcrCommand command, ColumnValue[] before, ColumnValue[] after) {
        return new Lcr("ORCL", null, "OE", table, command, "1.2.3", 100, 101, 1, "0x1", 0, "2026-03-01 08:00:00",
                before, after, command == LcrCommand.DDL ? "alter table x" : null, 0, true, "00");
    }

    private static List<String> changes(TableChangelog changelog, Lcr lcr) {
        List<String> rows = new ArrayList<>();
        changelog.flatMap(lcr, new Collector<>() {
            @Override
            public void collect(RowData row) {
                rows.add(row.getRowKind().shortString() + "(" + row.getLong(0) + ","
                        + (row.isNullAt(1) ? null : row.getString(1)) + ")");
            }

            @Override
            public void close() {
            }
        });
        return rows;
    }
}
