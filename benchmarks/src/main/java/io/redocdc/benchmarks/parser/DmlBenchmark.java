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
 * Debezium's LogMinerDmlParserPerf shapes: short INSERT, UPDATE and DELETE over ID plus 1 to 50 columns; with the
 * scan floor on the same statements.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class DmlBenchmark {

    @Param({"INSERT", "UPDATE", "DELETE"})
    public Dml statement;

    @Param({"1", "2", "5", "10", "20", "50"})
    public int columnCount;

    private ParserTrial trial;
    private String sql;

    @Setup
    public void setUp() {
        Shape shape = DebeziumShapes.dml(statement, columnCount);
        trial = new ParserTrial(shape, Parsers.redoCdc(), Parsers.debezium());
        sql = shape.sql();
        ScanFloor.check(ScanFloor.scan(sql), shape);
    }

    @Benchmark
    public ParsedStatement redoCdc() {
        return trial.redoCdc();
    }

    @Benchmark
    public LogMinerDmlEntry debezium() {
        return trial.debezium();
    }

    /** Not a parser: the least work any parser does on this statement (see {@link ScanFloor}). */
    @Benchmark
    public ScanFloor.Scanned scanFloor() {
        return ScanFloor.scan(sql);
    }
}
