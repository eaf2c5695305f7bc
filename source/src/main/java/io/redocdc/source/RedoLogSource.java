package io.redocdc.source;

import io.redocdc.source.catalog.ArchivedLogCatalog;
import io.redocdc.source.enumerator.ArchivedLogEnumerator;
import io.redocdc.source.enumerator.EnumeratorMetrics;
import io.redocdc.source.enumerator.EnumeratorState;
import io.redocdc.source.enumerator.EnumeratorStateSerializer;
import io.redocdc.source.files.RedoDirectory;
import io.redocdc.source.model.MaxScnRule;
import io.redocdc.source.model.RedoRecord;
import io.redocdc.source.model.RedoRecordSerializer;
import io.redocdc.source.model.Scn;
import io.redocdc.source.reader.RedoLogSourceReader;
import io.redocdc.source.retention.LogRetention;
import io.redocdc.source.split.RedoLogSplit;
import io.redocdc.source.split.RedoLogSplitSerializer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * FLIP-27 source of {@link RedoRecord}s, one split per archived log; event time is the SCN and watermarks are the
 * completed-SCN frontier minus one, emitted by the readers themselves. Use with
 * {@code WatermarkStrategy.noWatermarks()}:
 * <pre>{@code
 * RedoLogSource source = RedoLogSource.builder().redoDirectory(dir).startScn(Scn.of(1234)).build();
 * env.fromSource(source, WatermarkStrategy.noWatermarks(), "redo-log-source").uid("redo-log-source");
 * }</pre>
 */
public final class RedoLogSource
        implements Source<RedoRecord, RedoLogSplit, EnumeratorState>, ResultTypeQueryable<RedoRecord> {

    private static final long serialVersionUID = 1L;

    private final ArchivedLogCatalog catalog;
    private final SourceSettings settings;
    /** Joins the enumerator's purge advice to the assemblers' reports ({@link LogRetention}). */
    private final String retentionKey;

    private RedoLogSource(ArchivedLogCatalog catalog, SourceSettings settings, String retentionKey) {
        this.catalog = catalog;
        this.settings = settings;
        this.retentionKey = retentionKey;
    }

    public static Builder builder() {
        return new Builder();
    }

    public ArchivedLogCatalog catalog() {
        return catalog;
    }

    public SourceSettings settings() {
        return settings;
    }

    /**
     * The key under which the transaction assemblers of this job report their open transactions for the purge
     * advice (give it to {@code TransactionAssembler.assemble}); unique per built source.
     */
    public String retentionKey() {
        return retentionKey;
    }

    @Override
    public Boundedness getBoundedness() {
        return settings.bounded() ? Boundedness.BOUNDED : Boundedness.CONTINUOUS_UNBOUNDED;
    }

    @Override
    public SourceReader<RedoRecord, RedoLogSplit> createReader(SourceReaderContext context) {
        return new RedoLogSourceReader(context, catalog, settings.maxScn());
    }

    @Override
    public SplitEnumerator<RedoLogSplit, EnumeratorState> createEnumerator(
            SplitEnumeratorContext<RedoLogSplit> context) {
        return new ArchivedLogEnumerator(context, catalog, settings, EnumeratorState.initial(settings.start()))
                .withRetention(new LogRetention(retentionKey, context.metricGroup()))
                .withMetrics(EnumeratorMetrics.of(context.metricGroup()));
    }

    @Override
    public SplitEnumerator<RedoLogSplit, EnumeratorState> restoreEnumerator(
            SplitEnumeratorContext<RedoLogSplit> context, EnumeratorState state) {
        return new ArchivedLogEnumerator(context, catalog, settings, state)
                .withRetention(new LogRetention(retentionKey, context.metricGroup()))
                .withMetrics(EnumeratorMetrics.of(context.metricGroup()));
    }

    @Override
    public SimpleVersionedSerializer<RedoLogSplit> getSplitSerializer() {
        return RedoLogSplitSerializer.INSTANCE;
    }

    @Override
    public SimpleVersionedSerializer<EnumeratorState> getEnumeratorCheckpointSerializer() {
        return EnumeratorStateSerializer.INSTANCE;
    }

    @Override
    public TypeInformation<RedoRecord> getProducedType() {
        return RedoRecordSerializer.TYPE;
    }

    /** Builds a {@link RedoLogSource}; {@link #build()} validates every option. */
    public static final class Builder {

        public static final String DIR = "source.dir";
        public static final String START_SCN = "source.start-scn";
        public static final String MAX_SCN = "source.max-scn";
        public static final String BOUNDED = "source.bounded";
        public static final String DISCOVERY_INTERVAL = "source.discovery-interval";
        public static final String GAP_TIMEOUT = "source.gap-timeout";

        public static final Duration DEFAULT_DISCOVERY_INTERVAL = Duration.ofSeconds(5);
        public static final Duration DEFAULT_GAP_TIMEOUT = Duration.ofMinutes(5);

        private Path redoDirectory;
        private ArchivedLogCatalog catalog;
        private Scn startScn = Scn.ZERO;
        private Scn maxScn;
        private boolean bounded;
        private Duration discoveryInterval = DEFAULT_DISCOVERY_INTERVAL;
        private Duration gapTimeout = DEFAULT_GAP_TIMEOUT;

        private Builder() {
        }

        /** Reads a redo directory (archived_logs.csv + contents/). Exclusive with {@link #catalog}. */
        public Builder redoDirectory(Path directory) {
            this.redoDirectory = directory;
            return this;
        }

        /** Reads another catalog (e.g. V$ARCHIVED_LOG + LogMiner). Exclusive with {@link #redoDirectory}. */
        public Builder catalog(ArchivedLogCatalog catalog) {
            this.catalog = catalog;
            return this;
        }

        /** Skip logs with NEXT_CHANGE# at or below this SCN; default 0: the oldest log of every thread. */
        public Builder startScn(Scn startScn) {
            this.startScn = startScn;
            return this;
        }

        /** Stop once every record up to this SCN is delivered; records above it are dropped. Default: none. */
        public Builder maxScn(Scn maxScn) {
            this.maxScn = maxScn;
            return this;
        }

        /** True: read the logs available at start, then end. False (default): keep discovering new logs. */
        public Builder bounded(boolean bounded) {
            this.bounded = bounded;
            return this;
        }

        /** How often a continuous source lists the catalog for new logs; default 5 s. */
        public Builder discoveryInterval(Duration interval) {
            this.discoveryInterval = interval;
            return this;
        }

        /** How long a continuous source waits for a missing log sequence before failing; default 5 min. */
        public Builder gapTimeout(Duration timeout) {
            this.gapTimeout = timeout;
            return this;
        }

        public RedoLogSource build() {
            ArchivedLogCatalog chosen = chooseCatalog();
            require(startScn != null, START_SCN, "must be set", null);
            require(MaxScnRule.allows(startScn, maxScn), MAX_SCN, MaxScnRule.rule(startScn), maxScn);
            require(discoveryInterval != null && discoveryInterval.toMillis() > 0, DISCOVERY_INTERVAL,
                    "must be a positive duration of at least 1 ms", discoveryInterval);
            require(gapTimeout != null && !gapTimeout.isNegative(), GAP_TIMEOUT,
                    "must be zero or a positive duration", gapTimeout);
            SourceSettings settings = new SourceSettings(startScn.value(),
                    maxScn == null ? Long.MAX_VALUE : maxScn.value(), bounded, discoveryInterval, gapTimeout);
            return new RedoLogSource(chosen, settings, UUID.randomUUID().toString());
        }

        private ArchivedLogCatalog chooseCatalog() {
            require(redoDirectory == null || catalog == null, DIR,
                    "set either a redo directory or a catalog, not both (catalog: " + (catalog == null ? null
                            : catalog.description()) + ")", redoDirectory);
            if (catalog != null) {
                return catalog;
            }
            require(redoDirectory != null, DIR, "must be set to the redo directory", null);
            Optional<String> problem = RedoDirectory.problem(redoDirectory);
            require(problem.isEmpty(), DIR, problem.orElse(null), redoDirectory);
            return new RedoDirectory(redoDirectory);
        }

        private static void require(boolean valid, String option, String rule, Object value) {
            if (!valid) {
                throw new IllegalArgumentException(option + " " + rule + "; got " + value);
            }
        }
    }
}
