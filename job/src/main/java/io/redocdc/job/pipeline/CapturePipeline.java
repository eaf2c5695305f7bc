package io.redocdc.job.pipeline;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.ordering.CommitSequencer;
import io.redocdc.operators.txn.AssemblerOptions;
import io.redocdc.operators.txn.TableFilter;
import io.redocdc.operators.txn.TransactionAssembler;
import io.redocdc.sinks.files.ChangeFileSink;
import io.redocdc.sinks.files.DeadLetterFileSink;
import io.redocdc.sinks.files.FileSinkOptions;
import io.redocdc.sinks.jdbc.JdbcApplySink;
import io.redocdc.source.RedoLogSource;
import io.redocdc.source.logminer.OracleSource;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.Scn;
import java.util.function.UnaryOperator;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * The topology of DESIGN.md: redo-log source, transaction assembler keyed by XID slot, commit sequencer, and
 * either the file sink or the JDBC apply sink. Operator uids are fixed here and in the components; changing one breaks savepoint compatibility.
 */
public final class CapturePipeline {

    public static final String SOURCE_UID = "redo-log-source";

    private CapturePipeline() {
    }

    /**
     * For a job that mines Oracle: checks the database is set up for LogMiner (ARCHIVELOG mode, supplemental
     * logging, grants) and resolves the start position to an SCN, so that a restart of the built job starts at
     * the same place. Call before {@link #build}; a redo directory job is returned unchanged.
     *
     * @throws io.redocdc.source.logminer.OracleSetupException naming what is missing and how to fix it
     */
    public static JobOptions resolveStart(JobOptions options) {
        if (!options.minesOracle()) {
            return options;
        }
        Scn start = OracleSource.resolveStart(options.oracle().logMiner(), options.oracle().start());
        return options.withStartScn(start.value());
    }

    public static void build(StreamExecutionEnvironment env, JobOptions options) {
        build(env, options, UnaryOperator.identity());
    }

    /**
     * @param beforeSink applied to the sequenced LCR stream before the sink (tests insert failure injection here)
     */
    public static void build(StreamExecutionEnvironment env, JobOptions options,
                             UnaryOperator<DataStream<Lcr>> beforeSink) {
        RedoLogSource.Builder source = RedoLogSource.builder()
                .startScn(Scn.of(options.startScn()))
                .bounded(options.bounded());
        if (options.minesOracle()) {
            // V$ARCHIVED_LOG lists the logs, one LogMiner session per log reads them
            source.catalog(OracleSource.catalog(options.oracle().logMiner()));
        } else {
            source.redoDirectory(options.sourceDir());
        }
        if (options.maxScn() != null) {
            source.maxScn(Scn.of(options.maxScn()));
        }
        DataStream<RedoRecord> records = env
                .fromSource(source.build(), WatermarkStrategy.noWatermarks(), SOURCE_UID)
                .uid(SOURCE_UID);

        SingleOutputStreamOperator<Lcr> committed = TransactionAssembler.assemble(records, assemblerOptions(options));
        DataStream<Lcr> ordered = CommitSequencer.sequence(committed);
        if (options.deadLetter()) {
            DeadLetterFileSink.attach(committed.getSideOutput(TransactionAssembler.DEAD_LETTERS),
                    options.sinkDir().toString());
        }

        DataStream<Lcr> delivered = beforeSink.apply(ordered);
        if (options.appliesToDatabase()) {
            JdbcApplySink.attach(delivered, options.jdbcSink());
            return;
        }
        ChangeFileSink.attach(delivered, FileSinkOptions.builder()
                .directory(options.sinkDir().toString())
                .format(options.sinkFormat())
                .primaryKeys(options.primaryKeys())
                .build());
    }

    private static AssemblerOptions assemblerOptions(JobOptions options) {
        return AssemblerOptions.builder()
                .sourceDatabase(options.sourceDatabase())
                .tableFilter(TableFilter.of(
                        options.include() != null ? options.include() : TableFilter.DEFAULT_INCLUDE,
                        options.exclude() != null ? options.exclude() : TableFilter.DEFAULT_EXCLUDE))
                .startScn(options.startScn())
                .deadLetter(options.deadLetter())
                .build();
    }
}
