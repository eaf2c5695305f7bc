package io.redocdc.tools.simulate;

/**
 * SQL_REDO / SQL_UNDO text as LogMiner writes it with a dictionary, NO_ROWID_IN_STMT and NO_SQL_DELIMITER
 * (see reference/oracle/sqlredo-corpus-types-and-lobs.sql), plus the ROWID forms of rollback (undo) rows (see
 * reference/oracle/operation-codes.md). Values are the canonical texts the truth holds; null is SQL NULL.
 */
final class SqlText {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private final SimulatedNls nls;

    /** @param nls the session settings dates and timestamps print under */
    SqlText(SimulatedNls nls) {
        this.nls = nls;
    }

    /**
     * {@code insert into "O"."T"("A","B") values ('1',NULL)}. LOB columns hold EMPTY_CLOB()/EMPTY_BLOB() whatever
     * their value (it follows in other rows) and an XMLTYPE column is left out (lob-redo-shapes.md; T17-T20 of
     * sqlredo-corpus-types-and-lobs.sql).
     */
    String insert(TableDef table, String[] values) {
        StringBuilder sb = new StringBuilder(64 + 24 * values.length);
        sb.append("insert into ").append(table.quotedName()).append('(');
        String separator = "";
        for (int i = 0; i < table.columnCount(); i++) {
            if (table.column(i).type() != ColumnType.XMLTYPE) {
                sb.append(separator).append('"').append(table.column(i).name()).append('"');
                separator = ",";
            }
        }
        sb.append(") values (");
        separator = "";
        for (int i = 0; i < table.columnCount(); i++) {
            ColumnType type = table.column(i).type();
            if (type != ColumnType.XMLTYPE) {
                sb.append(separator);
                separator = ",";
                if (type == ColumnType.BLOB) {
                    sb.append("EMPTY_BLOB()");
                } else if (type.isLob()) {
                    sb.append("EMPTY_CLOB()");
                } else {
                    appendLiteral(sb, type, values[i]);
                }
            }
        }
        return sb.append(')').toString();
    }

    /**
     * {@code update "O"."T" set "B" = 'x' where "A" = '1' and "B" IS NULL}: WHERE holds every column but LOB
     * columns (ALL COLUMNS supplemental logging; LogMiner never shows LOB values there).
     */
    String update(TableDef table, int[] setColumns, String[] newValues, String[] oldValues) {
        StringBuilder sb = new StringBuilder(64 + 48 * oldValues.length);
        appendUpdateSet(sb, table, setColumns, newValues);
        appendWhereAllColumns(sb, table, oldValues);
        return sb.toString();
    }

    /** {@code delete from "O"."T" where "A" = '1' and "B" IS NULL}. */
    String delete(TableDef table, String[] oldValues) {
        StringBuilder sb = new StringBuilder(64 + 24 * oldValues.length);
        sb.append("delete from ").append(table.quotedName());
        appendWhereAllColumns(sb, table, oldValues);
        return sb.toString();
    }

    /** Rollback row undoing an insert: {@code delete from "O"."T" where ROWID = 'AAAR...'}. */
    String deleteByRowId(TableDef table, String rowId) {
        return "delete from " + table.quotedName() + " where ROWID = '" + rowId + "'";
    }

    /** Rollback row undoing an update: {@code update "O"."T" set "B" = 'old' where ROWID = 'AAAR...'}. */
    String updateByRowId(TableDef table, int[] setColumns, String[] values, String rowId) {
        StringBuilder sb = new StringBuilder(64 + 24 * setColumns.length);
        appendUpdateSet(sb, table, setColumns, values);
        return sb.append(" where ROWID = '").append(rowId).append('\'').toString();
    }

    private void appendUpdateSet(StringBuilder sb, TableDef table, int[] setColumns, String[] values) {
        sb.append("update ").append(table.quotedName()).append(" set ");
        for (int i = 0; i < setColumns.length; i++) {
            int c = setColumns[i];
            sb.append(i == 0 ? "" : ", ").append('"').append(table.column(c).name()).append("\" = ");
            appendLiteral(sb, table.column(c).type(), values[c]);
        }
    }

    /** {@code "A" = '1' and "B" IS NULL}: the WHERE conditions of a change, or of a LOB row's locator select. */
    String conditions(TableDef table, String[] values) {
        StringBuilder sb = new StringBuilder(24 * values.length);
        appendWhereAllColumns(sb, table, values);
        return sb.substring(" where ".length());
    }

    private void appendWhereAllColumns(StringBuilder sb, TableDef table, String[] values) {
        String keyword = " where ";
        for (int i = 0; i < table.columnCount(); i++) {
            if (table.column(i).type().isLob()) {
                continue;
            }
            sb.append(keyword).append('"').append(table.column(i).name()).append('"');
            keyword = " and ";
            if (values[i] == null) {
                sb.append(" IS NULL");
            } else {
                sb.append(" = ");
                appendLiteral(sb, table.column(i).type(), values[i]);
            }
        }
    }

    /** The literal LogMiner prints for a value of the type; null prints NULL. */
    String literal(ColumnType type, String value) {
        StringBuilder sb = new StringBuilder();
        appendLiteral(sb, type, value);
        return sb.toString();
    }

    void appendLiteral(StringBuilder sb, ColumnType type, String value) {
        if (value == null) {
            sb.append("NULL");
            return;
        }
        switch (type) {
            case NUMBER, VARCHAR2, CLOB -> appendQuoted(sb, value);
            case NVARCHAR2, NCLOB -> {
                sb.append("UNISTR(");
                appendUnistrBody(sb, value);
                sb.append(')');
            }
            case DATE -> sb.append(nls.dateLiteral(value));
            case TIMESTAMP -> sb.append(nls.timestampLiteral(value));
            case RAW, BLOB -> sb.append("HEXTORAW('").append(value).append("')");
            case XMLTYPE -> throw new IllegalArgumentException("LogMiner writes XMLTYPE values in XML DOC rows only");
        }
    }

    static void appendQuoted(StringBuilder sb, String value) {
        sb.append('\'');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            sb.append(c);
            if (c == '\'') {
                sb.append('\'');
            }
        }
        sb.append('\'');
    }

    /** Printable ASCII stays as is (quotes doubled); everything else, and the backslash, becomes \XXXX. */
    private static void appendUnistrBody(StringBuilder sb, String value) {
        sb.append('\'');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\'') {
                sb.append("''");
            } else if (c >= 0x20 && c < 0x7F && c != '\\') {
                sb.append(c);
            } else {
                sb.append('\\').append(HEX[(c >> 12) & 0xF]).append(HEX[(c >> 8) & 0xF])
                        .append(HEX[(c >> 4) & 0xF]).append(HEX[c & 0xF]);
            }
        }
        sb.append('\'');
    }
}
