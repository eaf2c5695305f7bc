package io.redocdc.job.simulate;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/** The truth's JSON: one change of a transaction, or one row of a final table (column name -> text or null). */
final class ChangeJson {

    private static final JsonFactory FACTORY = new JsonFactory();

    private ChangeJson() {
    }

    /** {"table":"OE.ORDERS","op_type":"U","before":{...},"after":{...}}; before is null for I, after for D. */
    static String rowChange(TableDef table, String opType, String[] before, String[] after) {
        StringWriter out = new StringWriter(256);
        try (JsonGenerator json = FACTORY.createGenerator(out)) {
            json.writeStartObject();
            json.writeStringField("table", table.qualifiedName());
            json.writeStringField("op_type", opType);
            json.writeFieldName("before");
            writeImage(json, table, before);
            json.writeFieldName("after");
            writeImage(json, table, after);
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
        if (values == null) {
            json.writeNull();
            return;
        }
        json.writeStartObject();
        for (int i = 0; i < table.columnCount(); i++) {
            json.writeStringField(table.column(i).name(), values[i]);
        }
        json.writeEndObject();
    }
}
