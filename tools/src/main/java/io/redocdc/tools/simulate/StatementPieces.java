package io.redocdc.tools.simulate;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits SQL_REDO / SQL_UNDO text longer than the view's VARCHAR2(4000) column into consecutive pieces, as
 * LogMiner does with CSF = 1 on every piece but the last. A UTF-16 surrogate pair is never cut in two.
 */
final class StatementPieces {

    static final int MAX_PIECE = 4000;

    private StatementPieces() {
    }

    /** The pieces of a statement; empty for null, one piece when it fits. */
    static List<String> split(String text) {
        if (text == null) {
            return List.of();
        }
        if (text.length() <= MAX_PIECE) {
            return List.of(text);
        }
        List<String> pieces = new ArrayList<>();
        int from = 0;
        while (from < text.length()) {
            int to = Math.min(text.length(), from + MAX_PIECE);
            if (to < text.length() && Character.isHighSurrogate(text.charAt(to - 1))) {
                to--;
            }
            pieces.add(text.substring(from, to));
            from = to;
        }
        return pieces;
    }
}
