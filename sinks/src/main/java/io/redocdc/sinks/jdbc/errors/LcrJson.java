package io.redocdc.sinks.jdbc.errors;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.LcrCommand;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * An LCR as one JSON object (every field, values with their kind), as the error table stores it so that a
 * failed transaction can be retried exactly as it came. Jackson binds the {@link Lcr} and {@link ColumnValue}
 * records directly, fields in their component order; the mix-ins below only keep the stored form as it always
 * was: an absent image is {@code []}, and a row must name its command, SCNs, thread, SSN, ordinal and whether it
 * is last (the container is missing from rows written before it existed and reads as null, as for a non-CDB).
 */
public final class LcrJson {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .addMixIn(Lcr.class, LcrForm.class)
            .addMixIn(ColumnValue.class, ColumnValueForm.class)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private LcrJson() {
    }

    public static String write(Lcr lcr) {
        try {
            return MAPPER.writeValueAsString(lcr);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("cannot write the LCR at position " + lcr.position() + " as JSON", e);
        }
    }

    public static Lcr read(String text) {
        try {
            Lcr lcr = MAPPER.readValue(text, Lcr.class);
            if (lcr == null) {
                throw new IllegalArgumentException("JSON null");
            }
            return lcr;
        } catch (JsonProcessingException | RuntimeException e) {
            throw new IllegalArgumentException("not an LCR in JSON (error table column LCR_JSON): " + e.getMessage(), e);
        }
    }

    /** Stored form of {@link Lcr}'s components. */
    private abstract static class LcrForm {
        @JsonProperty(required = true) abstract LcrCommand command();
        @JsonProperty(required = true) abstract long scn();
        @JsonProperty(required = true) abstract long commitScn();
        @JsonProperty(required = true) abstract int thread();
        @JsonProperty(required = true) abstract long ssn();
        @JsonProperty(required = true) abstract int ordinal();
        @JsonProperty(required = true) abstract boolean lastInTransaction();

        @JsonSerialize(nullsUsing = NoValues.class)
        @JsonSetter(nulls = Nulls.AS_EMPTY)
        abstract ColumnValue[] oldValues();

        @JsonSerialize(nullsUsing = NoValues.class)
        @JsonSetter(nulls = Nulls.AS_EMPTY)
        abstract ColumnValue[] newValues();
    }

    /** Stored form of {@link ColumnValue}: name, kind and text only. */
    private abstract static class ColumnValueForm {
        @JsonProperty(required = true) abstract String name();
        @JsonIgnore abstract boolean isNull();
    }

    /** An absent image is stored as no values. */
    private static final class NoValues extends JsonSerializer<Object> {
        @Override
        public void serialize(Object absent, JsonGenerator json, SerializerProvider provider) throws IOException {
            json.writeStartArray();
            json.writeEndArray();
        }
    }
}
