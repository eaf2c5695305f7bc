package io.redocdc.tools.export;

import io.redocdc.source.model.Scn;

/** Where an export starts in a directory that has no log of a thread yet (otherwise it resumes after that log). */
public sealed interface ExportStart {

    /** Every log that holds SCNs at or above {@code scn}, i.e. with NEXT_CHANGE# above it; 0 means the oldest. */
    record FromScn(Scn scn) implements ExportStart {
    }

    /**
     * The log {@code thread}:{@code sequence} and, on every thread, the logs from the SCN where it begins on
     * (its FIRST_CHANGE#).
     */
    record FromSequence(int thread, long sequence) implements ExportStart {

        public FromSequence {
            if (thread < 1 || sequence < 1) {
                throw new IllegalArgumentException("expected THREAD:SEQUENCE with both at least 1, got "
                        + thread + ":" + sequence);
            }
        }

        /** Parses {@code THREAD:SEQUENCE}, e.g. {@code 1:19641}. */
        public static FromSequence parse(String text) {
            String[] parts = text.trim().split(":");
            if (parts.length != 2) {
                throw new IllegalArgumentException("expected THREAD:SEQUENCE (e.g. 1:19641), got '" + text + "'");
            }
            try {
                return new FromSequence(Integer.parseInt(parts[0].trim()), Long.parseLong(parts[1].trim()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("expected THREAD:SEQUENCE (e.g. 1:19641), got '" + text + "'");
            }
        }

        @Override
        public String toString() {
            return "thread " + thread + " sequence " + sequence;
        }
    }

    static ExportStart oldest() {
        return new FromScn(Scn.ZERO);
    }
}
