package io.redocdc.source.catalog;

/**
 * Joins the SQL_REDO and SQL_UNDO parts of a statement that V$LOGMNR_CONTENTS splits over several rows: a row with
 * CSF=1 continues in the next one, up to and including the row with CSF=0. NULL parts add nothing; a joined
 * statement is NULL only when every part was. The one rule for the redo directory and the LogMiner readers.
 */
public final class ContinuedStatements {

    private final StringBuilder redo = new StringBuilder();
    private final StringBuilder undo = new StringBuilder();
    private boolean anyRedo;
    private boolean anyUndo;

    /** Starts with the statements of the first row. */
    public ContinuedStatements(String firstRedo, String firstUndo) {
        append(firstRedo, firstUndo);
    }

    /** Adds the statements of the next continuation row. */
    public void append(String redoPart, String undoPart) {
        if (redoPart != null) {
            redo.append(redoPart);
            anyRedo = true;
        }
        if (undoPart != null) {
            undo.append(undoPart);
            anyUndo = true;
        }
    }

    public String redo() {
        return anyRedo ? redo.toString() : null;
    }

    public String undo() {
        return anyUndo ? undo.toString() : null;
    }
}
