package io.redocdc.operators.txn;

import io.redocdc.source.model.TablePattern;
import io.redocdc.source.model.UnnamedTables;
import java.io.Serializable;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * Which tables are captured, by {@code OWNER.TABLE} patterns ({@link TablePattern}). A table is captured when it
 * matches an include pattern and no exclude pattern. By default every table is included and Oracle-maintained
 * schemas are excluded.
 */
public final class TableFilter implements Serializable {

    private static final long serialVersionUID = 1L;

    public static final List<String> DEFAULT_INCLUDE = TablePattern.DEFAULT_INCLUDE;
    public static final List<String> DEFAULT_EXCLUDE = TablePattern.DEFAULT_EXCLUDE;

    private final List<String> include;
    private final List<String> exclude;
    private final Pattern[] includePatterns;
    private final Pattern[] excludePatterns;
    /**
     * {@link #captures} per owner and table, so that the patterns run once per table rather than once per row
     * (they were about 12 % of the source thread's time). Bounded: past {@link #MAX_CACHED} tables, new ones are
     * matched each time.
     */
    private transient volatile ConcurrentHashMap<String, ConcurrentHashMap<String, Boolean>> decisions;
    private transient AtomicInteger cached;

    static final int MAX_CACHED = 100_000;

    private TableFilter(List<String> include, List<String> exclude) {
        this.include = List.copyOf(include);
        this.exclude = List.copyOf(exclude);
        this.includePatterns = compile(this.include, "include");
        this.excludePatterns = compile(this.exclude, "exclude");
    }

    public static TableFilter of(List<String> include, List<String> exclude) {
        return new TableFilter(include, exclude);
    }

    /** Everything except the Oracle-maintained schemas. */
    public static TableFilter defaults() {
        return new TableFilter(DEFAULT_INCLUDE, DEFAULT_EXCLUDE);
    }

    public List<String> include() {
        return include;
    }

    public List<String> exclude() {
        return exclude;
    }

    public boolean captures(String owner, String table) {
        if (owner == null || table == null) {
            return matches(owner, table);
        }
        ConcurrentHashMap<String, ConcurrentHashMap<String, Boolean>> byOwner = decisions();
        ConcurrentHashMap<String, Boolean> byTable = byOwner.get(owner);
        Boolean decision = byTable == null ? null : byTable.get(table);
        if (decision != null) {
            return decision;
        }
        boolean captured = matches(owner, table);
        if (cached.incrementAndGet() <= MAX_CACHED) {
            byOwner.computeIfAbsent(owner, o -> new ConcurrentHashMap<>()).put(table, captured);
        }
        return captured;
    }

    private boolean matches(String owner, String table) {
        String name = owner + "." + table;
        return matchesAny(includePatterns, name) && !matchesAny(excludePatterns, name);
    }

    private ConcurrentHashMap<String, ConcurrentHashMap<String, Boolean>> decisions() {
        ConcurrentHashMap<String, ConcurrentHashMap<String, Boolean>> map = decisions;
        if (map == null) {
            synchronized (this) {
                map = decisions;
                if (map == null) {
                    cached = new AtomicInteger();
                    map = new ConcurrentHashMap<>();
                    decisions = map;
                }
            }
        }
        return map;
    }

    /**
     * True when a row change of this table may be a captured table's: it is captured, or LogMiner could not name it
     * ({@link UnnamedTables}: UNKNOWN.OBJ# n, BIN$...) and no exclude pattern matches, since no include pattern can
     * tell which table it is. The assembler reports such rows instead of emitting them.
     */
    public boolean mayCapture(String owner, String table) {
        if (!UnnamedTables.isUnnamed(owner, table)) {
            return captures(owner, table);
        }
        return includePatterns.length > 0 && !matchesAny(excludePatterns, owner + "." + table);
    }

    private static boolean matchesAny(Pattern[] patterns, String name) {
        for (Pattern pattern : patterns) {
            if (pattern.matcher(name).matches()) {
                return true;
            }
        }
        return false;
    }

    private static Pattern[] compile(List<String> patterns, String listName) {
        Pattern[] compiled = new Pattern[patterns.size()];
        for (int i = 0; i < compiled.length; i++) {
            compiled[i] = compileOne(patterns.get(i), listName);
        }
        return compiled;
    }

    private static Pattern compileOne(String pattern, String listName) {
        if (!TablePattern.isValid(pattern)) {
            throw new IllegalArgumentException("table filter " + listName + " pattern '" + pattern
                    + "' must have the form " + TablePattern.FORM);
        }
        return TablePattern.regex(pattern);
    }

    @Override
    public String toString() {
        return "TableFilter{include=" + include + ", exclude=" + exclude + "}";
    }
}
