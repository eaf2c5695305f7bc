package io.redocdc.operators.txn;

/** SQL_REDO texts on OE.ORDERS shaped exactly like LogMiner's (ALL-column supplemental logging). */
final class Sql {

    static final String CREATED = "TO_DATE('2026-02-28 13:45:59', 'YYYY-MM-DD HH24:MI:SS')";

    private Sql() {
    }

    static String insert(int id, String note) {
        return "insert into \"OE\".\"ORDERS\"(\"ID\",\"NOTE\",\"CREATED\") values ('" + id + "'," + literal(note)
                + "," + CREATED + ")";
    }

    static String update(int id, String oldNote, String newNote) {
        return "update \"OE\".\"ORDERS\" set \"NOTE\" = " + literal(newNote) + " where \"ID\" = '" + id
                + "' and \"NOTE\" " + (oldNote == null ? "IS NULL" : "= " + literal(oldNote)) + " and \"CREATED\" = "
                + CREATED;
    }

    static String delete(int id, String note) {
        return "delete from \"OE\".\"ORDERS\" where \"ID\" = '" + id + "' and \"NOTE\" "
                + (note == null ? "IS NULL" : "= " + literal(note)) + " and \"CREATED\" = " + CREATED;
    }

    /** The undo of an INSERT, as LogMiner writes it for a rollback to savepoint. */
    static String undoInsert(String rowId) {
        return "delete from \"OE\".\"ORDERS\" where ROWID = '" + rowId + "'";
    }

    /** The undo of an UPDATE. */
    static String undoUpdate(String oldNote, String rowId) {
        return "update \"OE\".\"ORDERS\" set \"NOTE\" = " + literal(oldNote) + " where ROWID = '" + rowId + "'";
    }

    private static String literal(String text) {
        return text == null ? "NULL" : "'" + text.replace("'", "''") + "'";
    }
}
