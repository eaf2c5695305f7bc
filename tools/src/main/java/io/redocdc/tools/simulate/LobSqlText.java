package io.redocdc.tools.simulate;

import java.util.ArrayList;
import java.util.List;

/**
 * SQL_REDO of LOB and XML rows. 23ai: every LOB_WRITE and LOB_TRIM row is a whole PL/SQL block that selects its
 * locator (osodevops/kafka-connect-oracle-cdc, reference/lob-redo-shapes.md and the block layout of its test kit
 * LobRedoShapes). 19c: the SEL_LOB_LOCATOR row opens the block, each LOB_WRITE row holds one buffer assignment and
 * write, and the last closes it (the shapes of Debezium's SelectLobParserTest and LobWriteParser). XML: XML DOC
 * BEGIN names the column and row, XML DOC WRITE rows carry the text and its amount (reference/oracle/
 * sqlredo-corpus-types-and-lobs.sql, table T20). Amounts and offsets count characters (code points) or bytes.
 */
final class LobSqlText {

    /** Characters or bytes per LOB_WRITE row: within the buffers the blocks declare (6162 and 6174). */
    static final int WRITE_CHUNK = 6000;
    /** Characters per XML DOC WRITE row. */
    static final int XML_CHUNK = 4000;

    private static final String DECLARE_23AI = "DECLARE \n loc_c CLOB; \n buf_c VARCHAR2(6162); \n loc_b BLOB; \n"
            + " buf_b RAW(6162); \n loc_nc NCLOB; \n buf_nc NVARCHAR2(6162); \n e_len NUMBER; \nBEGIN\n";
    private static final String DECLARE_19C = "DECLARE \n loc_c CLOB; \n buf_c VARCHAR2(6174); \n loc_b BLOB; \n"
            + " buf_b RAW(6174); \n loc_nc NCLOB; \n buf_nc NVARCHAR2(6174); \nBEGIN\n";

    private final SqlText sql;

    LobSqlText(SqlText sql) {
        this.sql = sql;
    }

    /** 23ai LOB_WRITE: the block writing {@code chunk} (text, or hex for a BLOB) at a 1-based offset. */
    String write23ai(TableDef table, Column column, String[] row, long offset, String chunk) {
        return block(table, column, row, write(column.type(), offset, chunk) + "\n");
    }

    /** 23ai LOB_TRIM: the block trimming the value to {@code length} characters or bytes. */
    String trim23ai(TableDef table, Column column, String[] row, long length) {
        return block(table, column, row, "  dbms_lob.trim(" + locator(column.type()) + ", " + length + ");\n");
    }

    /** 19c SEL_LOB_LOCATOR: the block's start, up to the locator select. */
    String locator19c(TableDef table, Column column, String[] row) {
        return DECLARE_19C + select(table, column, row);
    }

    /** 19c LOB_WRITE: one write of the block the SEL_LOB_LOCATOR row opened; the last one closes it. */
    String piece19c(Column column, long offset, String chunk, boolean last) {
        return write(column.type(), offset, chunk) + (last ? "\nEND;" : "");
    }

    /** {@code XML DOC BEGIN:  select "COL" from "O"."T" where ...}. */
    String xmlBegin(TableDef table, Column column, String[] row) {
        return "XML DOC BEGIN:  select \"" + column.name() + "\" from " + table.quotedName() + " where "
                + sql.conditions(table, row);
    }

    /** {@code XML_REDO := '<a/>'} and, on the next line, {@code  amount: N}. */
    static String xmlWrite(String chunk) {
        StringBuilder sb = new StringBuilder(chunk.length() + 32).append("XML_REDO := ");
        SqlText.appendQuoted(sb, chunk);
        return sb.append("\n amount: ").append(length(ColumnType.XMLTYPE, chunk)).toString();
    }

    /** A value's length as LOB amounts count it: code points, or bytes of a BLOB's hex. */
    static long length(ColumnType type, String value) {
        return type == ColumnType.BLOB ? value.length() / 2 : value.codePointCount(0, value.length());
    }

    /** The value in pieces of at most {@code size} characters or bytes, never cutting a surrogate pair. */
    static List<String> chunks(ColumnType type, String value, int size) {
        List<String> chunks = new ArrayList<>();
        int from = 0;
        while (from < value.length()) {
            int to = type == ColumnType.BLOB ? Math.min(value.length(), from + 2 * size)
                    : value.offsetByCodePoints(from, Math.min(size, value.codePointCount(from, value.length())));
            chunks.add(value.substring(from, to));
            from = to;
        }
        return chunks;
    }

    private String block(TableDef table, Column column, String[] row, String body) {
        return DECLARE_23AI + select(table, column, row) + "\n\n" + body + "END;\n\n";
    }

    private String select(TableDef table, Column column, String[] row) {
        return " select \"" + column.name() + "\" into " + locator(column.type()) + " from " + table.quotedName()
                + " where " + sql.conditions(table, row) + " for update;";
    }

    private static String write(ColumnType type, long offset, String chunk) {
        String buffer = switch (type) {
            case CLOB -> "buf_c";
            case NCLOB -> "buf_nc";
            case BLOB -> "buf_b";
            default -> throw new IllegalArgumentException("no LOB buffer for " + type);
        };
        StringBuilder sb = new StringBuilder(chunk.length() + 96).append(' ').append(buffer).append(" := ");
        if (type == ColumnType.BLOB) {
            sb.append("HEXTORAW('").append(chunk).append("')");
        } else {
            SqlText.appendQuoted(sb, chunk);
        }
        return sb.append("; \n  dbms_lob.write(").append(locator(type)).append(", ").append(length(type, chunk))
                .append(", ").append(offset).append(", ").append(buffer).append(");").toString();
    }

    private static String locator(ColumnType type) {
        return switch (type) {
            case CLOB -> "loc_c";
            case NCLOB -> "loc_nc";
            case BLOB -> "loc_b";
            default -> throw new IllegalArgumentException("no LOB locator for " + type);
        };
    }
}
