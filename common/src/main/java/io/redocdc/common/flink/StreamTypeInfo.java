package io.redocdc.common.flink;

import java.util.Objects;
import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * The type of records that cross the network between operators, with a hand-written serializer instead of Flink's
 * reflective POJO serializer. Only for streams: state descriptors keep their POJO types, so savepoints do not
 * change (unaligned checkpoints, which would put in-flight records into them, are off in this job).
 */
public final class StreamTypeInfo<T> extends TypeInformation<T> {

    private static final long serialVersionUID = 1L;

    private final Class<T> typeClass;
    private final TypeSerializer<T> serializer;

    public StreamTypeInfo(Class<T> typeClass, TypeSerializer<T> serializer) {
        this.typeClass = Objects.requireNonNull(typeClass);
        this.serializer = Objects.requireNonNull(serializer);
    }

    @Override
    public boolean isBasicType() {
        return false;
    }

    @Override
    public boolean isTupleType() {
        return false;
    }

    @Override
    public int getArity() {
        return 1;
    }

    @Override
    public int getTotalFields() {
        return 1;
    }

    @Override
    public Class<T> getTypeClass() {
        return typeClass;
    }

    @Override
    public boolean isKeyType() {
        return false;
    }

    @Override
    public TypeSerializer<T> createSerializer(SerializerConfig config) {
        return serializer.duplicate();
    }

    @Override
    public String toString() {
        return typeClass.getSimpleName() + " (" + serializer.getClass().getSimpleName() + ")";
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof StreamTypeInfo<?> that && that.canEqual(this)
                && typeClass == that.typeClass && serializer.equals(that.serializer);
    }

    @Override
    public int hashCode() {
        return Objects.hash(typeClass, serializer);
    }

    @Override
    public boolean canEqual(Object other) {
        return other instanceof StreamTypeInfo;
    }
}
