package io.redocdc.tools.simulate;

import java.util.List;

/**
 * A simulated table: owner, name, DATA_OBJ#, where its rows live (for ROWIDs), columns, primary key and foreign
 * keys. Names are formatted once: they go into every statement.
 */
final class TableDef {

    /** A single-column foreign key to the parent's (single-column) primary key. */
    record ForeignKey(String name, String column, TableDef parent) {
    }

    private final String owner;
    private final String name;
    private final long dataObj;
    private final int rowIdFile;
    private final long firstBlock;
    private final int rowsPerBlock;
    private final List<Column> columns;
    private final List<String> primaryKey;
    private final List<ForeignKey> foreignKeys;
    private final String qualifiedName;
    private final String quotedName;
    private final int[] keyIndexes;

    /**
     * @param rowIdFile    relative file number in the table's ROWIDs
     * @param firstBlock   first data block of the table's ROWIDs
     * @param rowsPerBlock rows per data block
     */
    TableDef(String owner, String name, long dataObj, int rowIdFile, long firstBlock, int rowsPerBlock,
            List<Column> columns, List<String> primaryKey) {
        this(owner, name, dataObj, rowIdFile, firstBlock, rowsPerBlock, columns, primaryKey, List.of());
    }

    TableDef(String owner, String name, long dataObj, int rowIdFile, long firstBlock, int rowsPerBlock,
            List<Column> columns, List<String> primaryKey, List<ForeignKey> foreignKeys) {
        this.owner = owner;
        this.name = name;
        this.dataObj = dataObj;
        this.rowIdFile = rowIdFile;
        this.firstBlock = firstBlock;
        this.rowsPerBlock = rowsPerBlock;
        this.columns = List.copyOf(columns);
        this.primaryKey = List.copyOf(primaryKey);
        this.foreignKeys = List.copyOf(foreignKeys);
        for (ForeignKey fk : foreignKeys) {
            if (fk.parent().primaryKey().size() != 1) {
                throw new IllegalArgumentException(fk + " must name a table with a single-column primary key");
            }
        }
        this.qualifiedName = owner + "." + name;
        this.quotedName = '"' + owner + "\".\"" + name + '"';
        this.keyIndexes = primaryKey.stream().mapToInt(this::indexOf).toArray();
    }

    String owner() {
        return owner;
    }

    String name() {
        return name;
    }

    long dataObj() {
        return dataObj;
    }

    int rowIdFile() {
        return rowIdFile;
    }

    long firstBlock() {
        return firstBlock;
    }

    int rowsPerBlock() {
        return rowsPerBlock;
    }

    List<Column> columns() {
        return columns;
    }

    List<String> primaryKey() {
        return primaryKey;
    }

    List<ForeignKey> foreignKeys() {
        return foreignKeys;
    }

    /** True when one of the table's foreign keys is on this column. */
    boolean isReference(int columnIndex) {
        String column = columns.get(columnIndex).name();
        return foreignKeys.stream().anyMatch(fk -> fk.column().equals(column));
    }

    /** OWNER.TABLE, as the truth and the ogg-json output name tables. */
    String qualifiedName() {
        return qualifiedName;
    }

    /** "OWNER"."TABLE", as SQL_REDO names tables. */
    String quotedName() {
        return quotedName;
    }

    int columnCount() {
        return columns.size();
    }

    Column column(int index) {
        return columns.get(index);
    }

    int indexOf(String columnName) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(columnName)) {
                return i;
            }
        }
        throw new IllegalArgumentException(qualifiedName + " has no column " + columnName);
    }

    boolean isKey(int columnIndex) {
        for (int k : keyIndexes) {
            if (k == columnIndex) {
                return true;
            }
        }
        return false;
    }

    int[] keyIndexes() {
        return keyIndexes.clone();
    }

    @Override
    public String toString() {
        return qualifiedName;
    }
}
