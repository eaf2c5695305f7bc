package io.redocdc.tools.simulate;

import io.redocdc.source.files.MiningOptions;
import io.redocdc.source.files.NlsSessionParameters;
import io.redocdc.source.model.ArchivedLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * One simulation run: the shared state (random source, SCN clock, model, writers) and the scheduler that
 * advances every open transaction in virtual time, so their rows interleave in the redo. Ordinary transactions
 * start every {@value #START_GAP} time units and last long enough that about openTransactions are open at once.
 */
final class Simulation {

    static final double START_GAP = 10;

    private record Scheduled(double time, long order, TransactionDriver driver) implements Comparable<Scheduled> {
        @Override
        public int compareTo(Scheduled other) {
            int byTime = Double.compare(time, other.time);
            return byTime != 0 ? byTime : Long.compare(order, other.order);
        }
    }

    private final SimulationSettings settings;
    private final Path redoDir;
    private final Path expectedDir;
    private final SplittableRandom random;
    private final ScnClock clock;
    private final Database db = new Database();
    private final ValueGenerator values;
    private final XidAllocator xids;
    private final LogCatalog catalog = new LogCatalog();
    private final PriorityQueue<Scheduled> queue = new PriorityQueue<>();
    private final SequenceCache sequences = new SequenceCache(this);
    private RedoLogWriter[] writers;
    private RedoEmitter redo;
    private RowOperations rows;
    private DocumentStatements documents;
    private long scheduled;

    Simulation(Path outDir, SimulationSettings settings) {
        this.settings = settings;
        this.redoDir = outDir.resolve("redo");
        this.expectedDir = outDir.resolve("expected");
        this.random = new SplittableRandom(settings.seed());
        this.clock = new ScnClock(settings.startScn(), random);
        this.values = new ValueGenerator(random, db, clock, settings.longTextRatio(), settings.nls());
        this.xids = new XidAllocator(settings.threads(), random);
    }

    SimulationSettings settings() {
        return settings;
    }

    SplittableRandom random() {
        return random;
    }

    Database db() {
        return db;
    }

    ValueGenerator values() {
        return values;
    }

    RedoEmitter redo() {
        return redo;
    }

    RowOperations rows() {
        return rows;
    }

    DocumentStatements documents() {
        return documents;
    }

    SequenceCache sequences() {
        return sequences;
    }

    Path expectedDir() {
        return expectedDir;
    }

    /** A new transaction on the thread, holding a free undo slot. */
    OpenTransaction open(int thread) {
        return new OpenTransaction(xids.allocate(thread), thread, expectedDir);
    }

    void schedule(double time, TransactionDriver driver) {
        queue.add(new Scheduled(time, scheduled++, driver));
    }

    SimulationResult run() throws IOException {
        Path contentsDir = Files.createDirectories(redoDir.resolve("contents"));
        Files.createDirectories(expectedDir.resolve(TruthTables.TABLES_DIR));
        writers = new RedoLogWriter[settings.threads()];
        for (int t = 1; t <= writers.length; t++) {
            long firstSequence = 40 + random.nextInt(600);
            long firstScn = settings.startScn() - random.nextInt(50);
            writers[t - 1] = new RedoLogWriter(contentsDir, t, firstSequence, firstScn, settings, clock, catalog,
                    random);
        }
        SqlText sql = new SqlText(settings.nls());
        try (TruthWriter truth = new TruthWriter(expectedDir);
             RedoTransactionsWriter transactions = new RedoTransactionsWriter(expectedDir)) {
            redo = new RedoEmitter(clock, writers, random, settings.internalRowRatio(), sql, transactions);
            documents = new DocumentStatements(this, redo, sql);
            rows = new RowOperations(redo, truth, xids, db.references);
            scheduleWorkload();
            while (!queue.isEmpty()) {
                Scheduled next = queue.poll();
                double then = next.driver().step(next.time());
                if (then != TransactionDriver.DONE) {
                    schedule(then, next.driver());
                }
            }
            long end = clock.advance();
            for (RedoLogWriter writer : writers) {
                writer.finish(end);
            }
            TruthTables.writeDefinitions(expectedDir);
            TruthTables.writeFinalRows(expectedDir, db);
            if (settings.nls().declared()) {
                NlsSessionParameters.write(redoDir, settings.nls().formats());
            }
            MiningOptions.declareUndoMarkers(redoDir); // its LOB statements end with INTERNAL rows, as export keeps them
            catalog.writeAtomically(redoDir);
            return result(truth);
        }
    }

    private void scheduleWorkload() {
        double total = Math.max(1, settings.transactions()) * START_GAP;
        if (settings.transactions() > 0) {
            schedule(0, new TransactionStarter(this, settings.transactions(),
                    settings.openTransactions() * START_GAP));
        }
        for (int i = 0; i < settings.longTransactions(); i++) {
            int thread = randomThread();
            int changes = 150 + random.nextInt(251);
            double duration = (0.5 + 0.2 * random.nextDouble()) * total;
            schedule(0.3 * total * random.nextDouble(),
                    deferred(() -> OltpTransaction.longRunning(this, thread, changes, duration)));
        }
        DdlTransaction.AuditTables audit = new DdlTransaction.AuditTables();
        for (int i = 0; i < settings.ddlCount(); i++) {
            schedule(total * random.nextDouble(), new DdlTransaction(this, randomThread(), audit));
        }
        if (settings.largeTransactionRows() > 0) {
            schedule(0.1 * total, new LargeTransaction(this, settings.largeTransactionRows(),
                    0.8 * total / settings.largeTransactionRows()));
        }
    }

    int randomThread() {
        return 1 + random.nextInt(settings.threads());
    }

    /** A driver built when its first step is due, so it takes its XID then and not at the start of the run. */
    private static TransactionDriver deferred(Supplier<TransactionDriver> factory) {
        return new TransactionDriver() {
            private TransactionDriver driver;

            @Override
            public double step(double now) throws IOException {
                if (driver == null) {
                    driver = factory.get();
                }
                return driver.step(now);
            }
        };
    }

    private SimulationResult result(TruthWriter truth) {
        List<Integer> logsPerThread = new ArrayList<>();
        long contentsRows = 0;
        for (RedoLogWriter writer : writers) {
            logsPerThread.add(writer.logsWritten());
            contentsRows += writer.rowsWritten();
        }
        List<ArchivedLog> logs = catalog.logs();
        long firstScn = logs.stream().mapToLong(l -> l.firstChange().value()).min().orElseThrow();
        long lastScn = logs.stream().mapToLong(l -> l.nextChange().value()).max().orElseThrow();
        return new SimulationResult(truth.transactions(), rows.rolledBack(), truth.changes(), contentsRows,
                logsPerThread, truth.largestTransaction(), firstScn, lastScn);
    }
}
