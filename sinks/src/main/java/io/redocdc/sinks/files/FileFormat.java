package io.redocdc.sinks.files;

import io.redocdc.operators.lcr.Lcr;
import org.apache.flink.api.common.serialization.Encoder;

import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * The JSON format of the data files, each parsed by the Flink SQL format of the same name. Read a directory as one
 * changelog with it and Flink's filesystem source applies the part files out of commit order: read them as plain
 * JSON and keep each key's latest change by position instead (README, "Reading the files with Flink SQL").
 */
public enum FileFormat {
    /** GoldenGate's JSON; Flink SQL {@code 'format' = 'ogg-json'}. */
    OGG_JSON("ogg-json") {
        @Override
        Encoder<Lcr> rowEncoder(Map<String, List<String>> primaryKeys, Clock clock) {
            return new OggJsonEncoder(primaryKeys, clock);
        }
    },
    /** Debezium's envelope; Flink SQL {@code 'format' = 'debezium-json'}. */
    DEBEZIUM_JSON("debezium-json") {
        @Override
        Encoder<Lcr> rowEncoder(Map<String, List<String>> primaryKeys, Clock clock) {
            return new DebeziumJsonEncoder(clock);
        }
    };

    private final String displayName;

    FileFormat(String displayName) {
        this.displayName = displayName;
    }

    /** The Flink SQL format name, also what the CLI takes. */
    public String displayName() {
        return displayName;
    }

    /** A format by its Flink SQL name (or enum name), case-insensitive: option sink.format. */
    public static FileFormat parse(String text) {
        for (FileFormat format : values()) {
            if (format.displayName.equalsIgnoreCase(text) || format.name().equalsIgnoreCase(text)) {
                return format;
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not a format (expected ogg-json or debezium-json)");
    }

    abstract Encoder<Lcr> rowEncoder(Map<String, List<String>> primaryKeys, Clock clock);
}
