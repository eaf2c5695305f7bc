package io.redocdc.benchmarks.parser;

import io.redocdc.operators.parser.ParsedStatement;
import io.redocdc.operators.parser.SqlRedoParser;
import io.redocdc.source.model.NlsFormats;
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

/** Ours alone, on shapes where Debezium has no correct reading to compare with. */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class RedoCdcOnlyBenchmark {

    public enum Statement {
        /**
         * Datetime literals under Oracle's default NLS, read into canonical values. Debezium's parser passes the
         * TO_DATE(...) text on to converters that expect its own session formats.
         */
        ORACLE_DEFAULT_DATETIMES,
        /**
         * Debezium's lone-quote UPDATE shape with 1 column (ours gives up on its 10: the lenient pass tries every
         * reading, over 4096 from 7 columns on). Debezium's relaxed detection misreads every WHERE value of it,
         * ending each at its first lone quote; its value length 50 holds no lone quote and is left out.
         */
        LONE_QUOTES_1COL_4000,
        LONE_QUOTES_1COL_32000;

        Shape shape() {
            return switch (this) {
                case ORACLE_DEFAULT_DATETIMES -> ExtraShapes.oracleDefaultDatetimes();
                case LONE_QUOTES_1COL_4000 -> DebeziumShapes.largeValueUpdate(1, 4000, Quotes.LONE);
                case LONE_QUOTES_1COL_32000 -> DebeziumShapes.largeValueUpdate(1, 32000, Quotes.LONE);
            };
        }

        NlsFormats nls() {
            return this == ORACLE_DEFAULT_DATETIMES ? NlsFormats.ORACLE_DEFAULT : NlsFormats.MINING_SESSION;
        }
    }

    @Param({"ORACLE_DEFAULT_DATETIMES", "LONE_QUOTES_1COL_4000", "LONE_QUOTES_1COL_32000"})
    public Statement statement;

    private ParserTrial trial;

    @Setup
    public void setUp() {
        trial = new ParserTrial(statement.shape(), new SqlRedoParser(statement.nls()), null);
    }

    @Benchmark
    public ParsedStatement redoCdc() {
        return trial.redoCdc();
    }
}
