package io.redocdc.job.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a SQL file into its statements at the semicolons outside quotes and comments. Flink has no public API
 * for this: {@code TableEnvironment.executeSql} takes one statement, and the SQL client's parser is not on the job's
 * classpath. Quotes are {@code '...'} (a doubled {@code ''} inside), {@code "..."} and {@code `...`}; comments are
 * {@code -- ...} to the end of the line and {@code /* ... *}{@code /}. Comments inside a statement stay in its
 * text (Flink's parser skips them); a statement's line is that of its first token, for messages.
 */
public final class SqlStatements {

    /** One statement: its text without the closing semicolon, and the line (from 1) where it starts. */
    public record Statement(String text, int line) {
    }

    /** A quote or block comment that is not closed. */
    public static final class UnclosedException extends IllegalArgumentException {
        private final int line;
        private final String reason;

        UnclosedException(int line, String reason) {
            super("line " + line + ": " + reason);
            this.line = line;
            this.reason = reason;
        }

        /** The line the quote or comment opens on. */
        public int line() {
            return line;
        }

        public String reason() {
            return reason;
        }
    }

    private SqlStatements() {
    }

    /**
     * The statements of {@code sql}, in order; blank ones (only whitespace and comments) left out.
     *
     * @throws UnclosedException when a quote or a block comment is not closed, naming the line it opens on
     */
    public static List<Statement> split(String sql) {
        List<Statement> statements = new ArrayList<>();
        int line = 1;
        int start = -1;
        int startLine = 0;
        int i = 0;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (c == '\n') {
                line++;
                i++;
            } else if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '-' && sql.startsWith("--", i)) {
                int end = sql.indexOf('\n', i);
                i = end < 0 ? sql.length() : end;
            } else if (c == '/' && sql.startsWith("/*", i)) {
                int end = sql.indexOf("*/", i + 2);
                if (end < 0) {
                    throw new UnclosedException(line, "the comment /* is not closed");
                }
                line += newlines(sql, i, end);
                i = end + 2;
            } else if (c == ';') {
                if (start >= 0) {
                    statements.add(new Statement(sql.substring(start, i).strip(), startLine));
                    start = -1;
                }
                i++;
            } else {
                if (start < 0) {
                    start = i;
                    startLine = line;
                }
                if (c == '\'' || c == '"' || c == '`') {
                    // a doubled quote inside closes and reopens at once, which keeps the state right
                    int end = sql.indexOf(c, i + 1);
                    if (end < 0) {
                        throw new UnclosedException(line, "the quote " + c + " is not closed");
                    }
                    line += newlines(sql, i, end);
                    i = end + 1;
                } else {
                    i++;
                }
            }
        }
        if (start >= 0) {
            statements.add(new Statement(sql.substring(start).strip(), startLine));
        }
        return statements;
    }

    private static int newlines(String sql, int from, int to) {
        int count = 0;
        for (int i = from; i < to; i++) {
            if (sql.charAt(i) == '\n') {
                count++;
            }
        }
        return count;
    }
}
