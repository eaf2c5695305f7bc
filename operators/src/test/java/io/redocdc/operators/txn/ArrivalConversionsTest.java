package io.redocdc.operators.txn;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.parser.SqlRedoParser;
import io.redocdc.source.model.RedoRecord;
import org.junit.jupiter.api.Test;

/** SQL_REDO is parsed once per row: the change converted on arrival is the one its commit takes. */
class ArrivalConversionsTest {

    private static final String XID = TransactionAssemblerTest.XID_A;
    private static final String ROW = TransactionAssemblerTest.ROW_1;

    private static RowChangeConverter converter() {
        AssemblerOptions options = AssemblerOptions.builder().build();
        return new RowChangeConverter(options.tableFilter(), new SqlRedoParser(options.nlsFormats()));
    }

    @Test
    void theCommitTakesTheChangeConvertedOnArrival() {
        RowChangeConverter converter = converter();
        RedoRecord row = RedoLog.of(1, 679).dml(101, XID, ROW, Sql.insert(1, "one"));
        RowChange converted = converter().convert(row, XID);
        converter.convertOnArrival(row, XID);
        assertThat(converter.keptForCommit()).isOne();
        RowChange atCommit = converter.convert(row, XID);
        assertThat(converter.keptForCommit()).as("taken by the commit").isZero();
        assertThat(atCommit.newValues()).isEqualTo(converted.newValues());
        assertThat(converter.convert(row, XID).newValues()).as("converted again once taken")
                .isEqualTo(converted.newValues());
    }

    @Test
    void undoRowsAreNotKept() {
        RowChangeConverter converter = converter();
        RedoRecord undo = RedoLog.of(1, 679).undo(101, XID, ROW, Sql.insert(1, "one"));
        converter.convertOnArrival(undo, XID);
        assertThat(converter.keptForCommit()).isZero();
    }

    @Test
    void theOldestGoFirstOnceTheirSqlRedoExceedsTheBound() {
        RedoLog log = RedoLog.of(1, 679);
        RedoRecord first = log.dml(101, XID, ROW, Sql.insert(1, "one"));
        RedoRecord second = log.dml(102, XID, ROW, Sql.insert(2, "two"));
        RedoRecord third = log.dml(103, XID, ROW, Sql.insert(3, "six"));
        RowChange change = converter().convert(first, XID);
        ArrivalConversions kept = new ArrivalConversions(first.sqlRedo().length() + second.sqlRedo().length());
        kept.put(first, change);
        kept.put(second, change);
        assertThat(kept.size()).isEqualTo(2);
        kept.put(third, change);
        assertThat(kept.take(first)).as("the oldest, dropped").isNull();
        assertThat(kept.take(second)).isSameAs(change);
        assertThat(kept.take(third)).isSameAs(change);
        assertThat(kept.size()).isZero();
        RedoRecord sameIndexOtherLog = RedoLog.of(1, 680).dml(101, XID, ROW, Sql.insert(1, "one"));
        kept.put(first, change);
        assertThat(kept.take(sameIndexOtherLog)).as("known by log and index").isNull();
    }
}
