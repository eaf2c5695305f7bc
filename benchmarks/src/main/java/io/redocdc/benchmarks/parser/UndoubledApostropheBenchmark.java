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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * An UPDATE whose value holds apostrophes LogMiner left undoubled. Debezium reads it only with relaxed quote
 * detection (its default ends the value at the first apostrophe, silently); ours needs no option, re-reading
 * leniently a statement that does not parse strictly, so this times both of our passes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class UndoubledApostropheBenchmark {

    private ParserTrial trial;

    @Setup
    public void setUp() {
        trial = new ParserTrial(ExtraShapes.undoubledApostrophes(), Parsers.redoCdc(), Parsers.debeziumRelaxed());
    }

    @Benchmark
    public ParsedStatement redoCdc() {
        return trial.redoCdc();
    }

    @Benchmark
    public LogMinerDmlEntry debeziumRelaxed() {
        return trial.debezium();
    }
}
