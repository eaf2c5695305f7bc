package io.redocdc.operators.txn;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.ordering.BufferedLcrKey;
import io.redocdc.operators.ordering.PendingTransaction;
import io.redocdc.source.model.ThreadSequence;
import java.util.stream.Stream;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** State and side-output types must be Flink POJOs (no Kryo), so that pipeline.generic-types=false holds. */
class StateTypesTest {

    static Stream<Object> values() {
        RowKey key = new RowKey(1029337344L, 2, 679, 17);
        Boundary start = new Boundary(1, 990, new RowKey(1029337344L, 2, 679, 3), 1100, "0A000C003C020000",
                "log 2_679_1029337344 line 1102");
        return Stream.of(
                key,
                new ChunkBounds(3, 9),
                new Boundary(7, 1005, key, 1234, "0A000C003C020000", "log 2_679_1029337344 line 1236"),
                new ThreadSequence(2, 679, 1029337344L),
                new EmissionCursor(start, new Boundary(7, 1005, key, 1234, "0A000C003C020000",
                        "log 2_679_1029337344 line 1236"), "0A000C003C020000", new RowKey(1029337344L, 2, 679, 9), 4),
                new DeadLetter("log 1_2_3 line 4", "0A000C003C020000", 42, "insert ...", "unexpected end"),
                new PendingTransaction(1005, 3, 1),
                new BufferedLcrKey("00000000000003ed000100000002a7000004d2", 2));
    }

    @ParameterizedTest
    @MethodSource("values")
    @SuppressWarnings("unchecked")
    void isAPojoThatRoundTripsWithoutKryo(Object value) throws Exception {
        TypeInformation<Object> info = (TypeInformation<Object>) TypeInformation.of(value.getClass());
        assertThat(info).isInstanceOf(PojoTypeInfo.class);
        SerializerConfigImpl config = new SerializerConfigImpl();
        config.setGenericTypes(false);
        TypeSerializer<Object> serializer = info.createSerializer(config);
        DataOutputSerializer out = new DataOutputSerializer(64);
        serializer.serialize(value, out);
        assertThat(serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()))).isEqualTo(value);
    }

    @Test
    void theSlotsLogListIsAnArrayOfPojosWithoutKryo() throws Exception {
        ThreadSequence[] chunks = {new ThreadSequence(1, 679, 1029337344L), new ThreadSequence(1, 680, 1029337344L)};
        TypeInformation<ThreadSequence[]> info = TypeInformation.of(ThreadSequence[].class);
        SerializerConfigImpl config = new SerializerConfigImpl();
        config.setGenericTypes(false);
        TypeSerializer<ThreadSequence[]> serializer = info.createSerializer(config);
        DataOutputSerializer out = new DataOutputSerializer(64);
        serializer.serialize(chunks, out);
        assertThat(serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()))).containsExactly(chunks);
    }
}
