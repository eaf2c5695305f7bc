package io.redocdc.source.logminer;

import io.redocdc.source.model.TablePattern;
import io.redocdc.source.model.UnnamedTables;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns OWNER.TABLE patterns ({@link TablePattern}) into a SQL predicate with bind variables:
 * {@code UPPER(owner || '.' || table) LIKE ? ESCAPE '\'}.
 */
final class TablePatterns {

    private static final BoundSql NOTHING = BoundSql.of("1 = 0");

    private TablePatterns() {
    }

    /** True for tables matching an include pattern and no exclude pattern; "1 = 0" when nothing is included. */
    static BoundSql captured(String ownerColumn, String tableColumn, List<String> include, List<String> exclude) {
        if (include.isEmpty()) {
            return NOTHING;
        }
        return unlessExcluded(anyLike(name(ownerColumn, tableColumn), include), ownerColumn, tableColumn, exclude);
    }

    /**
     * True for tables LogMiner could not name ({@link UnnamedTables}: UNKNOWN.OBJ# n, BIN$...) matching no exclude
     * pattern: any of them may be an included table. "1 = 0" when nothing is included.
     */
    static BoundSql unnamed(String ownerColumn, String tableColumn, List<String> include, List<String> exclude) {
        if (include.isEmpty()) {
            return NOTHING;
        }
        String startsWith = tableColumn + " LIKE ? ESCAPE '\\'";
        BoundSql unnamed = BoundSql.of("((" + ownerColumn + " = ? AND " + startsWith + ") OR " + startsWith + ")",
                UnnamedTables.UNKNOWN_OWNER, TablePattern.sqlLike(UnnamedTables.OBJECT_NUMBER_PREFIX + "*"),
                TablePattern.sqlLike(UnnamedTables.RECYCLE_BIN_PREFIX + "*"));
        return unlessExcluded(unnamed, ownerColumn, tableColumn, exclude);
    }

    private static String name(String ownerColumn, String tableColumn) {
        return "UPPER(" + ownerColumn + " || '.' || " + tableColumn + ")";
    }

    private static BoundSql unlessExcluded(BoundSql kept, String ownerColumn, String tableColumn,
                                           List<String> exclude) {
        if (exclude.isEmpty()) {
            return kept;
        }
        return BoundSql.join(" AND NOT ", List.of(kept, anyLike(name(ownerColumn, tableColumn), exclude)));
    }

    private static BoundSql anyLike(String name, List<String> patterns) {
        List<BoundSql> likes = new ArrayList<>();
        for (String pattern : patterns) {
            likes.add(BoundSql.of(name + " LIKE ? ESCAPE '\\'", TablePattern.sqlLike(pattern)));
        }
        BoundSql any = BoundSql.join(" OR ", likes);
        return new BoundSql("(" + any.text() + ")", any.binds());
    }
}
