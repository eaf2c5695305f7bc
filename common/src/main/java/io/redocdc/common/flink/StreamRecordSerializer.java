package io.redocdc.common.flink;

import java.io.IOException;
import org.apache.flink.api.common.typeutils.base.TypeSerializerSingleton;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * A stateless serializer of records in flight (see {@link StreamTypeInfo}): variable length, no object reuse (the
 * records are Java records), and a serialized copy is a read and a write.
 */
public abstract class StreamRecordSerializer<T> extends TypeSerializerSingleton<T> {

    private static final long serialVersionUID = 1L;

    @Override
    public final int getLength() {
        return -1;
    }

    @Override
    public final T copy(T from, T reuse) {
        return copy(from);
    }

    @Override
    public final T deserialize(T reuse, DataInputView in) throws IOException {
        return deserialize(in);
    }

    @Override
    public final void copy(DataInputView in, DataOutputView out) throws IOException {
        serialize(deserialize(in), out);
    }
}
