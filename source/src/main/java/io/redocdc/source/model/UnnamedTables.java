package io.redocdc.source.model;

/**
 * Names LogMiner gives a table it cannot name: {@code "UNKNOWN"."OBJ# n"} when its dictionary does not know the
 * object (Oracle Database Utilities 12.1, "LogMiner Configuration": SQL_REDO mined without a dictionary), and
 * {@code BIN$...} when the online catalog, read after the table was dropped, names it by its recycle-bin name
 * (Oracle Database Administrator's Guide, "Managing the Recycle Bin": dropped tables are renamed BIN$...).
 * Either may be a captured table, so no include pattern can rule its rows out; only an exclude pattern can.
 */
public final class UnnamedTables {

    /** SEG_OWNER of an object LogMiner's dictionary does not know. */
    public static final String UNKNOWN_OWNER = "UNKNOWN";
    /** TABLE_NAME prefix of such an object: {@code OBJ# } and its object number. */
    public static final String OBJECT_NUMBER_PREFIX = "OBJ# ";
    /** Prefix of the names Oracle gives dropped tables in the recycle bin. */
    public static final String RECYCLE_BIN_PREFIX = "BIN$";

    private UnnamedTables() {
    }

    /** True for {@code UNKNOWN.OBJ# n} and recycle-bin names; false when either part is missing. */
    public static boolean isUnnamed(String owner, String table) {
        return isUnknownObject(owner, table) || isRecycleBin(owner, table);
    }

    /** True for {@code UNKNOWN.OBJ# n}: a schema that is merely called UNKNOWN is named. */
    public static boolean isUnknownObject(String owner, String table) {
        return UNKNOWN_OWNER.equals(owner) && table != null && table.startsWith(OBJECT_NUMBER_PREFIX);
    }

    /** True for a dropped table's recycle-bin name. */
    public static boolean isRecycleBin(String owner, String table) {
        return owner != null && table != null && table.startsWith(RECYCLE_BIN_PREFIX);
    }
}
