package io.redocdc.operators.parser;

import java.util.Random;

/**
 * Random INSERT, UPDATE and DELETE texts near the plain shape: mostly what LogMiner writes, with random keyword
 * case, blanks, doubled and undoubled quotes, look-alike letters, other value forms, comments, aliases, and half
 * of them spoiled by one random edit, so that a reader meets every near miss.
 */
final class RandomDml {

    private static final String NAME_CHARS = "ABCZ019_#$ é\"'.,()=";
    private static final String TEXT_CHARS = "ab 9,()=\"'é;|*/\n";
    private static final String EDIT_CHARS = "\"'(),.;= \t\n/*|aAsSiIkK\u017f\u0131\u212a0";

    private RandomDml() {
    }

    static String statement(Random r) {
        StringBuilder s = new StringBuilder();
        blanks(s, r);
        switch (r.nextInt(3)) {
            case 0 -> insert(s, r);
            case 1 -> update(s, r);
            default -> delete(s, r);
        }
        if (r.nextInt(3) > 0) {
            s.append(';');
        }
        blanks(s, r);
        if (r.nextBoolean()) {
            spoil(s, r);
        }
        return s.toString();
    }

    private static void insert(StringBuilder s, Random r) {
        keyword(s, r, "insert");
        keyword(s, r, "into");
        table(s, r);
        s.append('(');
        int columns = 1 + r.nextInt(4);
        for (int i = 0; i < columns; i++) {
            separator(s, r, i, ",");
            identifier(s, r);
        }
        s.append(')');
        blanks(s, r);
        keyword(s, r, "values");
        s.append('(');
        int values = r.nextInt(10) == 0 ? columns + r.nextInt(3) - 1 : columns;
        for (int i = 0; i < values; i++) {
            separator(s, r, i, ",");
            value(s, r);
        }
        s.append(')');
    }

    private static void update(StringBuilder s, Random r) {
        keyword(s, r, "update");
        table(s, r);
        boolean alias = r.nextInt(20) == 0;
        if (alias) {
            s.append(" a ");
        }
        keyword(s, r, "set");
        int columns = 1 + r.nextInt(4);
        for (int i = 0; i < columns; i++) {
            separator(s, r, i, ",");
            if (alias) {
                s.append("a.");
            }
            identifier(s, r);
            blanks(s, r);
            s.append('=');
            blanks(s, r);
            value(s, r);
        }
        where(s, r);
    }

    private static void delete(StringBuilder s, Random r) {
        keyword(s, r, "delete");
        keyword(s, r, "from");
        table(s, r);
        where(s, r);
    }

    private static void where(StringBuilder s, Random r) {
        if (r.nextInt(5) == 0) {
            return;
        }
        blanks(s, r);
        keyword(s, r, "where");
        int conditions = 1 + r.nextInt(4);
        for (int i = 0; i < conditions; i++) {
            if (i > 0) {
                blanks(s, r);
                keyword(s, r, "and");
            }
            switch (r.nextInt(6)) {
                case 0 -> {
                    keyword(s, r, "ROWID");
                    s.append("= 'AAAR+oAAF").append(r.nextInt(3) == 0 ? "''" : "").append("ACG'");
                }
                case 1 -> {
                    identifier(s, r);
                    s.append(' ');
                    keyword(s, r, "IS");
                    keyword(s, r, "NULL");
                }
                default -> {
                    identifier(s, r);
                    blanks(s, r);
                    s.append('=');
                    blanks(s, r);
                    value(s, r);
                }
            }
        }
    }

    private static void table(StringBuilder s, Random r) {
        blanks(s, r);
        identifier(s, r);
        s.append('.');
        identifier(s, r);
        blanks(s, r);
    }

    private static void value(StringBuilder s, Random r) {
        int form = r.nextInt(20);
        if (form < 12) {
            quoted(s, r);
        } else if (form < 15) {
            s.append(r.nextBoolean() ? "NULL" : r.nextBoolean() ? "null" : "Null");
        } else {
            s.append(switch (form) {
                case 15 -> "42";
                case 16 -> "HEXTORAW('0A')";
                case 17 -> "UNISTR('\\00e9')";
                case 18 -> "'a' || 'b'";
                default -> "/* JSON */ EMPTY_BLOB()";
            });
        }
    }

    /** A literal with doubled quotes, and now and then one LogMiner left single. */
    private static void quoted(StringBuilder s, Random r) {
        s.append('\'');
        int length = r.nextInt(8);
        for (int i = 0; i < length; i++) {
            char c = TEXT_CHARS.charAt(r.nextInt(TEXT_CHARS.length()));
            s.append(c == '\'' && r.nextInt(4) > 0 ? "''" : String.valueOf(c));
        }
        s.append('\'');
    }

    /** A quoted name, with {@code ""} for a quote in it now and then. */
    private static void identifier(StringBuilder s, Random r) {
        s.append('"');
        int length = r.nextInt(6);
        for (int i = 0; i < length; i++) {
            char c = NAME_CHARS.charAt(r.nextInt(NAME_CHARS.length()));
            s.append(c == '"' ? (r.nextInt(3) > 0 ? "\"\"" : "") : String.valueOf(c));
        }
        s.append('"');
    }

    /** The keyword in random case, now and then with a non-ASCII letter that Unicode case folding equates. */
    private static void keyword(StringBuilder s, Random r, String keyword) {
        for (int i = 0; i < keyword.length(); i++) {
            char c = keyword.charAt(i);
            if (r.nextInt(40) == 0 && (c == 's' || c == 'S')) {
                s.append('\u017f'); // long s: upper-cases to S
            } else if (r.nextInt(40) == 0 && (c == 'i' || c == 'I')) {
                s.append('\u0131'); // dotless i: upper-cases to I
            } else {
                s.append(r.nextBoolean() ? Character.toUpperCase(c) : Character.toLowerCase(c));
            }
        }
        s.append(r.nextInt(10) == 0 ? "" : " ");
        blanks(s, r);
    }

    private static void separator(StringBuilder s, Random r, int index, String separator) {
        if (index > 0) {
            blanks(s, r);
            s.append(separator);
            blanks(s, r);
        }
    }

    private static void blanks(StringBuilder s, Random r) {
        switch (r.nextInt(12)) {
            case 0 -> s.append(' ');
            case 1 -> s.append("\n ");
            case 2 -> s.append('\t');
            case 3 -> s.append(r.nextInt(10) == 0 ? "/* c */" : "  ");
            default -> {
                // none, as LogMiner mostly writes
            }
        }
    }

    /** One random edit: a character removed, replaced or inserted, or the text cut short. */
    private static void spoil(StringBuilder s, Random r) {
        if (s.length() == 0) {
            return;
        }
        int at = r.nextInt(s.length());
        char c = EDIT_CHARS.charAt(r.nextInt(EDIT_CHARS.length()));
        switch (r.nextInt(4)) {
            case 0 -> s.deleteCharAt(at);
            case 1 -> s.setCharAt(at, c);
            case 2 -> s.insert(at, c);
            default -> s.setLength(at);
        }
    }
}
