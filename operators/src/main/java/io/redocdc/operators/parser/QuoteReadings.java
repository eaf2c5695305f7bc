package io.redocdc.operators.parser;

import java.util.Arrays;

/**
 * The choices of the lenient pass over a statement whose values hold undoubled apostrophes: at each string
 * literal, which of the quotes that may end it does end it. Each run of the parser takes one path through
 * these choices; {@link #advance()} moves to the next path depth first, so each reading is tried at most once
 * (readings that take more quotes into values than the best one found are cut short).
 */
final class QuoteReadings {

    private int[] chosen = new int[16];
    private int[] options = new int[16];
    private int depth;
    private int taken;
    private int cost;
    private int limit = Integer.MAX_VALUE;

    /** Starts a run along the current path. */
    void restart() {
        taken = 0;
        cost = 0;
    }

    /** Runs that take more quotes into values than this are abandoned (a better reading is known). */
    void limit(int quotes) {
        limit = quotes;
    }

    /** The index of the candidate this run takes among {@code count} at its next literal. */
    int choose(int count) {
        if (taken == chosen.length) {
            chosen = Arrays.copyOf(chosen, taken * 2);
            options = Arrays.copyOf(options, taken * 2);
        }
        if (taken >= depth) {
            chosen[taken] = 0;
            depth = taken + 1;
        }
        options[taken] = count;
        cost += chosen[taken];
        if (cost > limit) {
            chosen[taken] = count - 1; // later quotes of this literal would cost more still: none is worth a run
            taken++;
            throw SqlRedoParseException.READING_REJECTED;
        }
        return chosen[taken++];
    }

    /** How many quotes that could have ended a literal this run took into values instead. */
    int quotesTakenIntoValues() {
        return cost;
    }

    /** Moves to the next untried path; false when every path has been tried. */
    boolean advance() {
        depth = taken; // choices after the last one this run made are not part of its path
        for (int i = depth - 1; i >= 0; i--) {
            if (chosen[i] + 1 < options[i]) {
                chosen[i]++;
                depth = i + 1;
                return true;
            }
        }
        return false;
    }
}
