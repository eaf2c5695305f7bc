package io.redocdc.job.sql;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.Collector;

/**
 * One captured table's changelog from the shared, commit-ordered LCR stream: its row changes as Flink rows of the
 * declared columns (then the metadata columns), in commit order.
 *
 * <p>Without a primary key an UPDATE is {@code -U} (before image) and {@code +U} (after image). With one the
 * table is an upsert changelog ({@code +I}, {@code +U}, {@code -D}: the planner keeps each key's last row), and an
 * UPDATE that changes the key is {@code -D} of the old key and {@code +I} of the new one, since an upsert of the new
 * key alone would leave the old key's row in place. DDL is not a row change and is skipped: the declared columns,
 * not the table's current shape, decide what a row holds.
 */
final class TableChangelog implements FlatMapFunction<Lcr, RowData> {

    private static final long serialVersionUID = 1L;

    private final String owner;
    private final String table;
    private final ColumnConverter[] columns;
    private final int[] keyColumns;
    private final RedoMetadata[] metadata;

    /**
     * @param qualifiedTable OWNER.TABLE as the LCRs name it
     * @param keyColumns     indexes of the primary key's columns in {@code columns}, empty without a key
     */
    TableChangelog(String qualifiedTable, List<ColumnConverter> columns, int[] keyColumns,
                   List<RedoMetadata> metadata) {
        int dot = qualifiedTable.indexOf('.');
        this.owner = qualifiedTable.substring(0, dot);
        this.table = qualifiedTable.substring(dot + 1);
        this.columns = columns.toArray(ColumnConverter[]::new);
        this.keyColumns = keyColumns.clone();
        this.metadata = metadata.toArray(RedoMetadata[]::new);
    }

    @Override
    public void flatMap(Lcr lcr, Collector<RowData> out) {
        if (!lcr.command().isRow() || !table.equals(lcr.table()) || !owner.equals(lcr.owner())) {
            return;
        }
        switch (lcr.command()) {
            case INSERT -> out.collect(row(RowKind.INSERT, lcr, lcr.newValues(), false));
            case DELETE -> out.collect(row(RowKind.DELETE, lcr, lcr.oldValues(), upsert()));
            case UPDATE -> update(lcr, out);
            default -> throw new IllegalStateException("not a row change: " + lcr.command());
        }
    }

    private void update(Lcr lcr, Collector<RowData> out) {
        GenericRowData after = row(RowKind.UPDATE_AFTER, lcr, lcr.newValues(), false);
        if (!upsert()) {
            out.collect(row(RowKind.UPDATE_BEFORE, lcr, lcr.oldValues(), false));
            out.collect(after);
            return;
        }
        GenericRowData before = row(RowKind.DELETE, lcr, lcr.oldValues(), true);
        if (sameKey(before, after)) {
            out.collect(after);
        } else {
            out.collect(before);
            after.setRowKind(RowKind.INSERT);
            out.collect(after);
        }
    }

    private boolean upsert() {
        return keyColumns.length > 0;
    }

    private boolean sameKey(GenericRowData a, GenericRowData b) {
        for (int key : keyColumns) {
            if (!Arrays.deepEquals(new Object[] {a.getField(key)}, new Object[] {b.getField(key)})) {
                return false;
            }
        }
        return true;
    }

    /**
     * The image's values in declared column order, then the metadata.
     *
     * @param keyOnly the planner reads this row by its key only (an upsert table's delete): columns the redo did
     *                not log may be null
     */
    private GenericRowData row(RowKind kind, Lcr lcr, ColumnValue[] image, boolean keyOnly) {
        GenericRowData row = new GenericRowData(kind, columns.length + metadata.length);
        for (int i = 0; i < columns.length; i++) {
            ColumnValue value = find(image, columns[i].column());
            if (value == null && !(keyOnly && !isKey(i))) {
                throw new ColumnConverter.ValueConversionException("oracle-redo table " + lcr.qualifiedTable()
                        + ", column " + columns[i].column() + ": the " + lcr.command() + " at SCN " + lcr.scn()
                        + " (xid " + lcr.xid() + ") carries no value for it; without one the row would be wrong "
                        + "(log all its columns: ALTER TABLE ... ADD SUPPLEMENTAL LOG DATA (ALL) COLUMNS, or leave "
                        + "the column out of the SQL table)");
            }
            row.setField(i, value == null ? null : columns[i].convert(value));
        }
        for (int i = 0; i < metadata.length; i++) {
            row.setField(columns.length + i, metadata[i].read(lcr));
        }
        return row;
    }

    private boolean isKey(int column) {
        for (int key : keyColumns) {
            if (key == column) {
                return true;
            }
        }
        return false;
    }

    /** The value of a declared column: the same name, or the same name in any case (Oracle names are upper case). */
    private static ColumnValue find(ColumnValue[] image, String column) {
        if (image == null) {
            return null;
        }
        ColumnValue ignoringCase = null;
        for (ColumnValue value : image) {
            if (value.name().equals(column)) {
                return value;
            }
            if (ignoringCase == null && value.name().equalsIgnoreCase(column)) {
                ignoringCase = value;
            }
        }
        return ignoringCase;
    }
}
