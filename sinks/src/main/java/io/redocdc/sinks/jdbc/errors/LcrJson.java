package io.redocdc.sinks.jdbc.errors;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.operators.lcr.ValueKind;

/**
 * An LCR as one JSON object (every field, values with their kind), as the error table stores it so that a
 * failed transaction can be retried exactly as it came.
 */
public final class LcrJson {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private LcrJson() {
    }

    public static String write(Lcr lcr) {
        ObjectNode json = MAPPER.createObjectNode();
        json.put("sourceDatabase", lcr.sourceDatabase());
        json.put("container", lcr.container());
        json.put("owner", lcr.owner());
        json.put("table", lcr.table());
        json.put("command", lcr.command().name());
        json.put("xid", lcr.xid());
        json.put("scn", lcr.scn());
        json.put("commitScn", lcr.commitScn());
        json.put("thread", lcr.thread());
        json.put("rsId", lcr.rsId());
        json.put("ssn", lcr.ssn());
        json.put("sourceTime", lcr.sourceTime());
        json.set("oldValues", values(lcr.oldValues()));
        json.set("newValues", values(lcr.newValues()));
        json.put("ddlText", lcr.ddlText());
        json.put("ordinal", lcr.ordinal());
        json.put("lastInTransaction", lcr.lastInTransaction());
        json.put("position", lcr.position());
        return json.toString();
    }

    public static Lcr read(String text) {
        try {
            JsonNode json = MAPPER.readTree(text);
            // "container" is missing from rows written before it existed: null, as for a non-CDB
            return new Lcr(string(json, "sourceDatabase"), string(json, "container"), string(json, "owner"), string(json, "table"),
                    LcrCommand.valueOf(json.get("command").asText()), string(json, "xid"), json.get("scn").asLong(),
                    json.get("commitScn").asLong(), json.get("thread").asInt(), string(json, "rsId"),
                    json.get("ssn").asLong(), string(json, "sourceTime"), values(json.get("oldValues")),
                    values(json.get("newValues")), string(json, "ddlText"), json.get("ordinal").asInt(),
                    json.get("lastInTransaction").asBoolean(), string(json, "position"));
        } catch (JsonProcessingException | RuntimeException e) {
            throw new IllegalArgumentException("not an LCR in JSON (error table column LCR_JSON): " + e.getMessage(), e);
        }
    }

    private static ArrayNode values(ColumnValue[] values) {
        ArrayNode array = MAPPER.createArrayNode();
        if (values != null) {
            for (ColumnValue value : values) {
                array.addObject().put("name", value.name()).put("kind", value.kind().name()).put("text", value.text());
            }
        }
        return array;
    }

    private static ColumnValue[] values(JsonNode array) {
        ColumnValue[] values = new ColumnValue[array == null ? 0 : array.size()];
        for (int i = 0; i < values.length; i++) {
            JsonNode value = array.get(i);
            values[i] = new ColumnValue(value.get("name").asText(), ValueKind.valueOf(value.get("kind").asText()),
                    string(value, "text"));
        }
        return values;
    }

    private static String string(JsonNode json, String field) {
        JsonNode node = json.get(field);
        return node == null || node.isNull() ? null : node.asText();
    }
}
