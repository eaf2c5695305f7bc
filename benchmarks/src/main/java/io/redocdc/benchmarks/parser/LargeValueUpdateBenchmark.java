package io.redocdc.benchmarks.parser;

import io.debezium.connector.oracle.logminer.parser.LogMinerDmlEntry;
import io.redocdc.operators.parser.ParsedStatement;
import java.util.concurrent.TimeUnit;
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
 * Debezium's LogMinerDmlParserUpdatePerf shapes: UPDATE with VARCHAR2-sized and 32K extended-string values, plain
 * or with doubled apostrophes. Debezium runs 2, 10 and 50 columns; 10 by default here to keep the run short
 * ({@code -p columnCount=2,10,50} for all).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class LargeValueUpdateBenchmark {

    @Param({"10"})
    public int columnCount;

    @Param({"50", "4000", "32000"})
    public int valueLength;

    @Param({"PLAIN", "ESCAPED"})
    public Quotes quotes;

    private ParserTrial trial;

    @Setup
    public void setUp() {
        trial = new ParserTrial(DebeziumShapes.largeValueUpdate(columnCount, valueLength, quotes),
                Parsers.redoCdc(), Parsers.debezium());
    }

    @Benchmark
    public ParsedStatement redoCdc() {
        return trial.redoCdc();
    }

    @Benchmark
    public LogMinerDmlEntry debezium() {
        return trial.debezium();
    }
}
