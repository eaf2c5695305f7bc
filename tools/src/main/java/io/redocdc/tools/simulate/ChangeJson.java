package io.redocdc.tools.simulate;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.stream.IntStream;

/** The truth's JSON: one change of a transaction, or one row of a final table (column name -> text or null). */
final class ChangeJson {

    private static final JsonFactory FACTORY = new JsonFactory();

    private ChangeJson() {
    }

    /** {"table":"OE.ORDERS","op_type":"U","before":{...},"after":{...}}; before is null for I, after for D. */
    static String rowChange(TableDef table, String opType, String[] before, String[] after) {
        return rowChange(table, opType, before, all(table), after, all(table));
    }

    /**
     * A change whose images show only some columns, as the output writes LOB tables' changes: the before image
     * and the after image each hold the columns given (by index, in column order).
     */
    static String rowChange(TableDef table, String opType, String[] before, int[] beforeColumns, String[] after,
            int[] afterColumns) {
        StringWriter out = new StringWriter(256);
        try (JsonGenerator json = FACTORY.createGenerator(out)) {
            json.writeStartObject();
            json.writeStringField("table", table.qualifiedName());
            json.writeStringField("op_type", opType);
            json.writeFieldName("before");
            writeImage(json, table, before, beforeColumns);
            json.writeFieldName("after");
            writeImage(json, table, after, afterColumns);
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** {"table":"OE.AUDIT_1","op_type":"DDL","ddl":"create table ..."}. */
    static String ddl(String qualifiedTable, String ddl) {
        StringWriter out = new StringWriter(256);
        try (JsonGenerator json = FACTORY.createGenerator(out)) {
            json.writeStartObject();
            json.writeStringField("table", qualifiedTable);
            json.writeStringField("op_type", "DDL");
            json.writeStringField("ddl", ddl);
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** One row of a final table: {"ID":"1","NOTE":null,...} in column order. */
    static String row(TableDef table, String[] values) {
        StringWriter out = new StringWriter(256);
        try (JsonGenerator json = FACTORY.createGenerator(out)) {
            writeImage(json, table, values);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private static void writeImage(JsonGenerator json, TableDef table, String[] values) throws IOException {
        writeImage(json, table, values, all(table));
    }

    private static int[] all(TableDef table) {
        return IntStream.range(0, table.columnCount()).toArray();
    }

    private static void writeImage(JsonGenerator json, TableDef table, String[] values, int[] columns)
            throws IOException {
        if (values == null) {
            json.writeNull();
            return;
        }
        json.writeStartObject();
        for (int i : columns) {
            json.writeStringField(table.column(i).name(), values[i]);
        }
        json.writeEndObject();
    }
}
