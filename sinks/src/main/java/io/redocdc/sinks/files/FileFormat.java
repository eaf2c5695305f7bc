package io.redocdc.sinks.files;

import io.redocdc.operators.lcr.Lcr;
import org.apache.flink.api.common.serialization.Encoder;

import java.time.Clock;
import java.util.List;
import java.util.Map;

/** The JSON format of the data files, each readable by the Flink SQL format of the same name. */
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

    abstract Encoder<Lcr> rowEncoder(Map<String, List<String>> primaryKeys, Clock clock);
}
