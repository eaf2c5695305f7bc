package io.redocdc.benchmarks.serializers;

import io.redocdc.common.flink.StreamStrings;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.types.StringValue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One string written and read back: Flink's {@link StringValue} (one character at a time, what the stream
 * serializers used first), {@link StreamStrings} (what they use now: one-byte text copied in bulk, StringValue for the
 * rest) and bulk UTF-8 (length, then {@code String.getBytes}; {@code new String(bytes, UTF_8)};
 * lossy for lone surrogates, so only a floor), on SQL text of LogMiner's shape, ASCII or with a CJK value.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class StreamStringBenchmark {

    @Param({"20", "300", "3000"})
    public int length;

    /** ascii: one byte a character; wide: the same text with a value that is not (StreamStrings falls back). */
    @Param({"ascii", "wide"})
    public String kind;

    private String text;
    private final DataOutputSerializer out = new DataOutputSerializer(8192);
    private final DataInputDeserializer in = new DataInputDeserializer();

    @Setup
    public void setUp() {
        String statement = "insert into \"OE\".\"ORDER_ITEMS\"(\"ORDER_ID\",\"LINE_NO\",\"PRODUCT\",\"QTY\") values "
                + "('1042','3','" + (kind.equals("wide") ? "部品, 大" : "Widget, large") + "','17');";
        text = statement.repeat(length / statement.length() + 1).substring(0, length);
    }

    @Benchmark
    public String stringValue() throws IOException {
        out.clear();
        StringValue.writeString(text, out);
        in.setBuffer(out.getSharedBuffer(), 0, out.length());
        return StringValue.readString(in);
    }

    @Benchmark
    public String streamStrings() throws IOException {
        out.clear();
        StreamStrings.write(text, out);
        in.setBuffer(out.getSharedBuffer(), 0, out.length());
        return StreamStrings.read(in);
    }

    @Benchmark
    public String utf8Bulk() throws IOException {
        out.clear();
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
        in.setBuffer(out.getSharedBuffer(), 0, out.length());
        byte[] read = new byte[in.readInt()];
        in.readFully(read);
        return new String(read, StandardCharsets.UTF_8);
    }
}
