package io.redocdc.operators.txn;

import io.redocdc.operators.parser.SqlRedoParser;
import io.redocdc.source.model.NlsFormats;
import io.redocdc.source.model.Scn;
import java.io.Serializable;
import java.util.Objects;

/**
 * Options of the transaction assembler.
 *
 * @param sourceDatabase name written into every LCR (XStream's source database name)
 * @param tableFilter    which tables are captured
 * @param startScn       capture start of a new job: a transaction that committed below it is discarded; a
 *                       restored job goes on with the start SCN kept in its state ({@link StartScnState})
 * @param startScnOption the option that named {@code startScn} (e.g. {@code --source.start-scn}), or null when it
 *                       is a default: a restore whose named start differs from the stored one is refused
 * @param deadLetter     false: a row that cannot be converted fails the job; true: it goes to
 *                       {@link TransactionAssembler#DEAD_LETTERS} and its transaction goes on without it
 * @param nlsFormats     the NLS settings the rows' SQL_REDO literals were printed under
 * @param undoMarkersKept true when the source keeps LogMiner's INTERNAL rows that end LOB statements (the LogMiner
 *                       source with a dictionary, a redo directory that declares them): only then is an undo row
 *                       matched to a LOB statement that ends with an UPDATE ({@link LobStatementUndo})
 * @param emissionStep   how many LCRs a committed transaction emits in one go before the operator lets its input,
 *                       checkpoint barriers included, have a turn ({@link EmissionCursor})
 */
public record AssemblerOptions(String sourceDatabase, TableFilter tableFilter, Scn startScn, String startScnOption,
                               boolean deadLetter, NlsFormats nlsFormats, boolean undoMarkersKept, int emissionStep)
        implements Serializable {

    public static final String DEFAULT_SOURCE_DATABASE = "ORCL";
    /** LCRs per emission step: a few milliseconds of work, so a barrier waits little, and no cost per LCR. */
    public static final int DEFAULT_EMISSION_STEP = 10_000;

    public AssemblerOptions {
        if (sourceDatabase == null || sourceDatabase.isBlank()) {
            throw new IllegalArgumentException("sourceDatabase must be a non-blank name, got '" + sourceDatabase + "'");
        }
        Objects.requireNonNull(tableFilter, "tableFilter");
        Objects.requireNonNull(startScn, "startScn");
        if (startScnOption != null && startScnOption.isBlank()) {
            throw new IllegalArgumentException("startScnOption must be null or an option name, got '"
                    + startScnOption + "'");
        }
        Objects.requireNonNull(nlsFormats, "nlsFormats");
        if (emissionStep < 1) {
            throw new IllegalArgumentException("emissionStep must be at least 1 LCR, got " + emissionStep);
        }
        new SqlRedoParser(nlsFormats); // fails now, naming the parameter, when a mask cannot be read
    }

    public static AssemblerOptions defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Builder; every setting has a default (ORCL, {@link TableFilter#defaults()}, start SCN 0, no dead letters,
     * {@link NlsFormats#MINING_SESSION}, undo markers not known to be kept, {@link #DEFAULT_EMISSION_STEP}).
     */
    public static final class Builder {
        private String sourceDatabase = DEFAULT_SOURCE_DATABASE;
        private TableFilter tableFilter = TableFilter.defaults();
        private Scn startScn = Scn.ZERO;
        private String startScnOption;
        private boolean deadLetter;
        private NlsFormats nlsFormats = NlsFormats.MINING_SESSION;
        private boolean undoMarkersKept;
        private int emissionStep = DEFAULT_EMISSION_STEP;

        private Builder() {
        }

        public Builder sourceDatabase(String sourceDatabase) {
            this.sourceDatabase = sourceDatabase;
            return this;
        }

        public Builder tableFilter(TableFilter tableFilter) {
            this.tableFilter = tableFilter;
            return this;
        }

        /** A start SCN no option named (a default such as the oldest log): a restore keeps the stored one. */
        public Builder startScn(Scn startScn) {
            this.startScn = startScn;
            this.startScnOption = null;
            return this;
        }

        /** A start SCN the user named with {@code option}: a restore must agree with the stored one. */
        public Builder startScn(Scn startScn, String option) {
            this.startScn = startScn;
            this.startScnOption = option;
            return this;
        }

        public Builder deadLetter(boolean deadLetter) {
            this.deadLetter = deadLetter;
            return this;
        }

        public Builder nlsFormats(NlsFormats nlsFormats) {
            this.nlsFormats = nlsFormats;
            return this;
        }

        /** Whether the source keeps the INTERNAL rows that end LOB statements; default false (not known). */
        public Builder undoMarkersKept(boolean kept) {
            this.undoMarkersKept = kept;
            return this;
        }

        /** LCRs a transaction emits per step; default {@link #DEFAULT_EMISSION_STEP}. */
        public Builder emissionStep(int lcrs) {
            this.emissionStep = lcrs;
            return this;
        }

        public AssemblerOptions build() {
            return new AssemblerOptions(sourceDatabase, tableFilter, startScn, startScnOption, deadLetter,
                    nlsFormats, undoMarkersKept, emissionStep);
        }
    }
}
