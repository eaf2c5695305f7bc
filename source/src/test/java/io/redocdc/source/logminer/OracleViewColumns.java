package io.redocdc.source.logminer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The documented columns of Oracle's views, parsed from the test resource {@code oracle-reference/views.md}
 * (Oracle Database Reference 19c, see NOTICE): every markdown table headed {@code | # | Column | Type ...}
 * belongs to the view named by the nearest heading ({@code ## V$ARCHIVED_LOG}; with several names, the first) or
 * by the paragraph just above it ({@code ALL_OBJECTS (19c page ...}, {@code Related, same scrape: ALL_LOG_...}).
 * Views that views.md describes only as "the same as" another are derived here, each citing the sentence.
 */
final class OracleViewColumns {

    /** One documented column: name as Oracle spells it, and its 19c type ("NUMBER", "VARCHAR2(9)", ...). */
    record Column(String name, String oracleType) {
    }

    static final String RESOURCE = "/oracle-reference/views.md";

    private static final Pattern VIEW_NAME = Pattern.compile("(?:V\\$|ALL_|DBA_|USER_|CDB_|SESSION_)[A-Z_$]+");
    private static final Pattern HEADING = Pattern.compile("^## (.+)$");
    private static final Pattern PARAGRAPH_VIEW = Pattern.compile(
            "^(?:Related, same scrape: )?(" + VIEW_NAME.pattern() + ")(?: \\(|$)");
    private static final Pattern ROW = Pattern.compile("^\\| (\\d+) \\| `([^`]+)` \\| ([^|]+?) \\|.*$");

    private static final Map<String, List<Column>> VIEWS = load();

    private OracleViewColumns() {
    }

    /** The columns of {@code view} in documented order; fails for a view views.md does not document. */
    static List<Column> of(String view) {
        List<Column> columns = VIEWS.get(view);
        if (columns == null) {
            throw new IllegalArgumentException(view + " is not documented in " + RESOURCE + " (documented: "
                    + VIEWS.keySet() + ")");
        }
        return columns;
    }

    static Map<String, List<Column>> all() {
        return VIEWS;
    }

    private static Map<String, List<Column>> load() {
        Map<String, List<Column>> views = parse(read());
        // "DBA_LOG_GROUPS and USER_LOG_GROUPS pages say their columns are the same as ALL_LOG_GROUPS."
        views.put("DBA_LOG_GROUPS", views.get("ALL_LOG_GROUPS"));
        // "DBA_TABLES has the same columns" (as ALL_TABLES)
        views.put("DBA_TABLES", views.get("ALL_TABLES"));
        // "DBA_TAB_COLUMNS describes the same columns for all tables" (as ALL_TAB_COLUMNS)
        views.put("DBA_TAB_COLUMNS", views.get("ALL_TAB_COLUMNS"));
        // "every CDB_ view has all columns of its DBA_ view plus CON_ID (in practice the last column)"
        for (String dba : List.of("DBA_LOG_GROUPS", "DBA_TABLES", "DBA_USERS", "DBA_TAB_COLUMNS")) {
            List<Column> cdb = new ArrayList<>(views.get(dba));
            cdb.add(new Column("CON_ID", "NUMBER"));
            views.put("CDB_" + dba.substring(4), List.copyOf(cdb));
        }
        return views;
    }

    private static String read() {
        try (InputStream in = OracleViewColumns.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("test resource " + RESOURCE + " is missing");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Map<String, List<Column>> parse(String markdown) {
        Map<String, List<Column>> views = new LinkedHashMap<>();
        String owner = null;
        List<Column> table = null;
        int lineNumber = 0;
        for (String line : markdown.split("\n", -1)) {
            lineNumber++;
            Matcher heading = HEADING.matcher(line);
            Matcher paragraph = PARAGRAPH_VIEW.matcher(line);
            Matcher row = ROW.matcher(line);
            if (heading.matches()) {
                Matcher name = VIEW_NAME.matcher(heading.group(1));
                owner = name.lookingAt() ? name.group() : null;
            } else if (paragraph.find()) {
                owner = paragraph.group(1);
            } else if (line.startsWith("| # | Column | Type")) {
                if (owner == null) {
                    throw new IllegalStateException(RESOURCE + " line " + lineNumber + ": column table of no view");
                }
                table = new ArrayList<>();
            } else if (table != null && line.startsWith("|")) {
                if (line.startsWith("|---")) {
                    continue;
                }
                if (!row.matches() || Integer.parseInt(row.group(1)) != table.size() + 1) {
                    throw new IllegalStateException(RESOURCE + " line " + lineNumber + ": expected column "
                            + (table.size() + 1) + " of " + owner + ", got: " + line);
                }
                table.add(new Column(row.group(2), row.group(3).trim().toUpperCase(Locale.ROOT)));
            } else if (table != null) {
                close(views, owner, table, lineNumber);
                table = null;
                owner = null;
            }
        }
        if (table != null) {
            close(views, owner, table, lineNumber);
        }
        return views;
    }

    private static void close(Map<String, List<Column>> views, String view, List<Column> columns, int lineNumber) {
        if (views.put(view, List.copyOf(columns)) != null) {
            throw new IllegalStateException(RESOURCE + " line " + lineNumber + ": a second column table of " + view);
        }
    }
}
