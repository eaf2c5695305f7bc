package io.redocdc.source.logminer;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns OWNER.TABLE patterns ({@code *} matches any run of characters, case-insensitive; the whole
 * {@code OWNER.TABLE} text must match, as in operators' TableFilter) into a SQL predicate with bind variables:
 * {@code UPPER(owner || '.' || table) LIKE ? ESCAPE '\'}.
 */
final class TablePatterns {

    private TablePatterns() {
    }

    /** True for tables matching an include pattern and no exclude pattern; "1 = 0" when nothing is included. */
    static BoundSql captured(String ownerColumn, String tableColumn, List<String> include, List<String> exclude) {
        if (include.isEmpty()) {
            return BoundSql.of("1 = 0");
        }
        String name = "UPPER(" + ownerColumn + " || '.' || " + tableColumn + ")";
        BoundSql included = anyLike(name, include);
        if (exclude.isEmpty()) {
            return included;
        }
        BoundSql excluded = anyLike(name, exclude);
        return BoundSql.join(" AND NOT ", List.of(included, excluded));
    }

    private static BoundSql anyLike(String name, List<String> patterns) {
        List<BoundSql> likes = new ArrayList<>();
        for (String pattern : patterns) {
            likes.add(BoundSql.of(name + " LIKE ? ESCAPE '\\'", likePattern(pattern)));
        }
        BoundSql any = BoundSql.join(" OR ", likes);
        return new BoundSql("(" + any.text() + ")", any.binds());
    }

    /** "oe.ord*" -> "OE.ORD%", with LIKE's own wildcards and the escape character escaped. */
    static String likePattern(String pattern) {
        StringBuilder like = new StringBuilder();
        for (char c : pattern.toUpperCase(Locale.ROOT).toCharArray()) {
            switch (c) {
                case '*' -> like.append('%');
                case '%', '_', '\\' -> like.append('\\').append(c);
                default -> like.append(c);
            }
        }
        return like.toString();
    }
}
