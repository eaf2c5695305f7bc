package io.redocdc.operators.parser;

import java.util.Arrays;

/**
 * A position in one SQL_REDO text and the lexical steps over it (whitespace, keywords, punctuation, quoted
 * identifiers and literals). Single pass, no regular expressions; every "try" method leaves the position
 * unchanged (apart from skipped whitespace) when it does not match, so callers never need exceptions for
 * control flow.
 *
 * <p>Over 400 lines on purpose: every lexical step of the parser's hot path works on the same position and
 * text, and splitting them across classes would add a call and a field read per character.
 */
final class RedoTextCursor {

    /** Statements longer than this are quoted only around the error position. */
    private static final int QUOTE_WINDOW = 300;

    private final String text;
    private final int length;
    private final QuoteReadings readings;
    /** Strict errors only record where they happened: the caller reads the text again if it needs the message. */
    private final boolean quietErrors;
    private int pos;
    /** Just after the closing quote of the last free-text literal (a value, not a mask or ROWID); -1 before one. */
    private int afterFreeText = -1;
    /** Where the strict pass failed, or -1. */
    private int failedAt = -1;
    private boolean unterminatedLiteral;

    /**
     * @param readings    null for the strict pass (quotes in values doubled, as Oracle prints them)
     * @param quietErrors strict pass only: fail with {@link SqlRedoParseException#STRICT_PASS_FAILED} instead of
     *                    building a message and a stack trace, where a lenient pass will likely follow
     */
    RedoTextCursor(String text, QuoteReadings readings, boolean quietErrors) {
        this.text = text;
        this.length = text.length();
        this.readings = readings;
        this.quietErrors = quietErrors;
    }

    int position() {
        return pos;
    }

    /** True when only whitespace remains. */
    boolean atEnd() {
        skipWhitespace();
        return pos >= length;
    }

    /** The next non-whitespace character, or -1 at the end. Does not consume it. */
    int peek() {
        skipWhitespace();
        return pos < length ? text.charAt(pos) : -1;
    }

    /** Skips blanks and {@code /* ... *}{@code /} comments ({@code /* JSON *}{@code / EMPTY_BLOB()}). */
    void skipWhitespace() {
        pos = afterBlanks(pos);
    }

    private int afterBlanks(int from) {
        if (from < length && text.charAt(from) > ' ' && text.charAt(from) != '/') {
            return from; // the usual case: a token follows at once
        }
        int i = from;
        while (i < length) {
            char c = text.charAt(i);
            if (c <= ' ') {
                i++;
            } else if (c == '/' && i + 1 < length && text.charAt(i + 1) == '*') {
                int close = text.indexOf("*/", i + 2);
                if (close < 0) {
                    throw errorAt(i, "unterminated comment (no closing */) starting");
                }
                i = close + 2;
            } else {
                break;
            }
        }
        return i;
    }

    /** Consumes {@code keyword} (case-insensitive, as a whole word) if it comes next. */
    boolean tryKeyword(String keyword) {
        skipWhitespace();
        int end = pos + keyword.length();
        if (end <= length && (text.charAt(pos) | 0x20) == (keyword.charAt(0) | 0x20)
                && text.regionMatches(true, pos, keyword, 0, keyword.length())
                && (end == length || !isWordChar(text.charAt(end)))) {
            pos = end;
            return true;
        }
        return false;
    }

    /** Whether {@code keyword} comes next (as a whole word), without consuming it. */
    boolean lookingAtKeyword(String keyword) {
        skipWhitespace();
        return wordAt(pos, keyword);
    }

    /** Whether a word and {@code :=} come next (a PL/SQL assignment), without consuming them. */
    boolean lookingAtAssignment() {
        skipWhitespace();
        int i = pos;
        while (i < length && isWordChar(text.charAt(i))) {
            i++;
        }
        if (i == pos) {
            return false;
        }
        i = afterBlanks(i);
        return i + 1 < length && text.charAt(i) == ':' && text.charAt(i + 1) == '=';
    }

    /** A word (letters, digits, _ $ #), as written. */
    String word() {
        skipWhitespace();
        int start = pos;
        int end = consumeWord();
        if (end == start) {
            throw expected("a name");
        }
        return text.substring(start, end);
    }

    /** Consumes {@code qualifier.keyword} (words, case-insensitive) if it comes next. */
    boolean tryQualifiedKeyword(String qualifier, String keyword) {
        skipWhitespace();
        if (!wordAt(pos, qualifier)) {
            return false;
        }
        int dot = afterBlanks(pos + qualifier.length());
        if (dot >= length || text.charAt(dot) != '.') {
            return false;
        }
        int word = afterBlanks(dot + 1);
        if (!wordAt(word, keyword)) {
            return false;
        }
        pos = word + keyword.length();
        return true;
    }

    void expectKeyword(String keyword) {
        if (!tryKeyword(keyword)) {
            throw expected("'" + keyword + "'");
        }
    }

    boolean tryChar(char c) {
        skipWhitespace();
        if (pos < length && text.charAt(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }

    /** Consumes {@code ||} if it comes next. */
    boolean tryConcatenation() {
        skipWhitespace();
        if (pos + 1 < length && text.charAt(pos) == '|' && text.charAt(pos + 1) == '|') {
            pos += 2;
            return true;
        }
        return false;
    }

    void expectChar(char c) {
        if (!tryChar(c)) {
            throw expected("'" + c + "'");
        }
    }

    /** Consumes a run of word characters (letters, digits, _ $ #) and returns its end; start is {@link #position()}. */
    int consumeWord() {
        skipWhitespace();
        while (pos < length && isWordChar(text.charAt(pos))) {
            pos++;
        }
        return pos;
    }

    /** Whether text[start, end) is {@code word}, ignoring case. */
    boolean wordEquals(int start, int end, String word) {
        return end - start == word.length() && text.regionMatches(true, start, word, 0, word.length());
    }

    String slice(int start, int end) {
        return text.substring(start, end);
    }

    /** A double-quoted identifier with {@code ""} standing for one quote; returns the name without quotes. */
    String quotedIdentifier() {
        skipWhitespace();
        if (pos >= length || text.charAt(pos) != '"') {
            throw expected("a double-quoted identifier");
        }
        return readQuotedIdentifier();
    }

    /**
     * A single-quoted SQL string literal with {@code ''} standing for one quote; returns its value. With
     * {@link QuoteReadings} (the lenient pass), any single quote that the grammar allows to end the literal may
     * end it, and quotes before it are part of the value (LogMiner does not always double them).
     */
    String stringLiteral() {
        String value = literal(readings != null);
        afterFreeText = pos;
        return value;
    }

    /**
     * A literal that never holds an apostrophe (ROWID, datetime, interval and hex text, format masks): read the
     * strict way in the lenient pass too, so only free text gets more than one reading.
     */
    String plainLiteral() {
        return literal(false);
    }

    private String literal(boolean lenient) {
        int open = openingQuote();
        int first = lenient ? -1 : text.indexOf('\'', open + 1);
        if (first >= 0 && endsLiteral(text, first)) {
            // no quote inside, the common case: the text between as it is, scanned once (LOB chunks are long)
            pos = first + 1;
            return text.substring(open + 1, first);
        }
        int close = lenient ? lenientClosingQuote(open) : strictClosingQuote(open);
        String value = unquote(open + 1, close);
        pos = close + 1;
        return value;
    }

    /**
     * A single-quoted literal whose value is in UNISTR notation: {@code \XXXX} is one UTF-16 code unit (a
     * character outside the BMP comes as two, a surrogate pair), {@code \\} is a backslash, {@code ''} a quote.
     */
    String unistrLiteral() {
        int open = openingQuote();
        int close = closingQuote(open);
        StringBuilder decoded = new StringBuilder(close - open);
        int i = open + 1;
        while (i < close) {
            char c = text.charAt(i);
            if (c == '\'' && i + 1 < close && text.charAt(i + 1) == '\'') {
                decoded.append('\'');
                i += 2;
            } else if (c != '\\') {
                decoded.append(c);
                i++;
            } else if (i + 1 < close && text.charAt(i + 1) == '\\') {
                decoded.append('\\');
                i += 2;
            } else {
                int unit = i + 5 <= close ? parseHex4(i + 1) : -1;
                if (unit < 0) {
                    throw errorAt(i, "bad UNISTR escape: expected \\\\ or a backslash followed by 4 hex digits");
                }
                decoded.append((char) unit);
                i += 5;
            }
        }
        pos = close + 1;
        afterFreeText = pos;
        return decoded.toString();
    }

    private int openingQuote() {
        skipWhitespace();
        if (pos >= length || text.charAt(pos) != '\'') {
            throw expected("a quoted string literal");
        }
        return pos;
    }

    /** The quote that ends the literal opened at {@code open}: the first undoubled one, or the lenient choice. */
    private int closingQuote(int open) {
        return readings != null ? lenientClosingQuote(open) : strictClosingQuote(open);
    }

    private int strictClosingQuote(int open) {
        int close = strictClosingQuote(text, open);
        if (close < 0) {
            unterminatedLiteral = true;
            throw errorAt(open, "unterminated string literal (no closing ') starting");
        }
        return close;
    }

    /** The first quote after {@code open} that is not doubled (Oracle's quoting), or -1. */
    static int strictClosingQuote(String text, int open) {
        int from = open + 1;
        while (true) {
            int close = text.indexOf('\'', from);
            if (close < 0 || endsLiteral(text, close)) {
                return close;
            }
            from = close + 2;
        }
    }

    /** Whether the quote at {@code quote} is not doubled, so it ends a strictly read literal. */
    private static boolean endsLiteral(String text, int quote) {
        return quote + 1 >= text.length() || text.charAt(quote + 1) != '\'';
    }

    private int lenientClosingQuote(int open) {
        int[] candidates = new int[8];
        int count = 0;
        for (int q = text.indexOf('\'', open + 1); q >= 0; q = text.indexOf('\'', q + 1)) {
            boolean doubled = q + 1 < length && text.charAt(q + 1) == '\'';
            if (!doubled && mayFollowValue(q + 1)) {
                if (count == candidates.length) {
                    candidates = Arrays.copyOf(candidates, count * 2);
                }
                candidates[count++] = q;
            }
        }
        if (count == 0) {
            throw errorAt(open, "unterminated string literal (no closing ') starting");
        }
        return candidates[readings.choose(count)];
    }

    /**
     * Whether what starts at {@code at} can follow a value: the end, {@code , ) ; ||}, AND, WHERE, FOR (a LOB
     * locator's {@code for update}) or an XML DOC WRITE's {@code amount:}.
     */
    private boolean mayFollowValue(int at) {
        int i = at;
        while (i < length && text.charAt(i) <= ' ') {
            i++; // blanks only: a comment would be part of the value
        }
        if (i >= length) {
            return true;
        }
        char c = text.charAt(i);
        return c == ',' || c == ')' || c == ';' || (c == '|' && i + 1 < length && text.charAt(i + 1) == '|')
                || wordAt(i, "and") || wordAt(i, "where") || wordAt(i, "for") || wordAt(i, "amount");
    }

    /**
     * Whether the strict pass failed where an apostrophe LogMiner left single would make it fail: an unterminated
     * literal, or right after a free-text literal closed (with only blanks and {@code , ) ;} between). Other
     * failures (a value that does not fit its mask, an unknown function) are not read again leniently: a quote
     * could always be made to swallow them.
     */
    boolean failedAtAQuote() {
        if (unterminatedLiteral) {
            return true;
        }
        if (afterFreeText < 0 || failedAt < afterFreeText) {
            return false;
        }
        for (int i = afterFreeText; i < failedAt; i++) {
            char c = text.charAt(i);
            if (c > ' ' && c != ',' && c != ')' && c != ';') {
                return false;
            }
        }
        return true;
    }

    private boolean wordAt(int at, String word) {
        int end = at + word.length();
        return end <= length && (text.charAt(at) | 0x20) == (word.charAt(0) | 0x20)
                && text.regionMatches(true, at, word, 0, word.length())
                && (end == length || !isWordChar(text.charAt(end)));
    }

    /** text[from, to) with each {@code ''} read as one quote (a lone quote, in the lenient pass, as itself). */
    private String unquote(int from, int to) {
        return unquote(text, from, to);
    }

    static String unquote(String text, int from, int to) {
        int quote = text.indexOf('\'', from);
        if (quote < 0 || quote >= to) {
            return text.substring(from, to);
        }
        StringBuilder value = new StringBuilder(to - from);
        int i = from;
        while (quote >= 0 && quote < to) {
            value.append(text, i, quote + 1); // the text up to and with the quote, in one copy
            i = quote + 1 < to && text.charAt(quote + 1) == '\'' ? quote + 2 : quote + 1;
            quote = text.indexOf('\'', i);
        }
        return value.append(text, i, to).toString();
    }

    /** A double-quoted identifier's name; {@code ""} stands for one quote. */
    private String readQuotedIdentifier() {
        int open = pos;
        int from = open + 1;
        StringBuilder unescaped = null;
        while (true) {
            int close = text.indexOf('"', from);
            if (close < 0) {
                throw errorAt(open, "unterminated identifier (no closing \") starting");
            }
            if (close + 1 < length && text.charAt(close + 1) == '"') {
                if (unescaped == null) {
                    unescaped = new StringBuilder(close - open + 16);
                }
                unescaped.append(text, from, close + 1);
                from = close + 2;
                continue;
            }
            pos = close + 1;
            return unescaped == null ? text.substring(open + 1, close) : unescaped.append(text, from, close).toString();
        }
    }

    private int parseHex4(int start) {
        int value = 0;
        for (int i = start; i < start + 4; i++) {
            int digit = Character.digit(text.charAt(i), 16);
            if (digit < 0) {
                return -1;
            }
            value = (value << 4) | digit;
        }
        return value;
    }

    /**
     * An unquoted numeric literal ({@code 42}, {@code -1.5}, {@code 1.5E+10}), returned as printed; null (and
     * nothing consumed) when none comes next.
     */
    String tryNumber() {
        skipWhitespace();
        int i = pos;
        if (i < length && (text.charAt(i) == '-' || text.charAt(i) == '+')) {
            i++;
        }
        int digits = 0;
        while (i < length && isDigit(text.charAt(i))) {
            i++;
            digits++;
        }
        if (i < length && text.charAt(i) == '.') {
            i++;
            while (i < length && isDigit(text.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return null;
        }
        if (i < length && (text.charAt(i) == 'E' || text.charAt(i) == 'e')) {
            int exponent = i + 1;
            if (exponent < length && (text.charAt(exponent) == '-' || text.charAt(exponent) == '+')) {
                exponent++;
            }
            int exponentDigits = exponent;
            while (exponent < length && isDigit(text.charAt(exponent))) {
                exponent++;
            }
            if (exponent == exponentDigits) {
                return null;
            }
            i = exponent;
        }
        if (i < length && isWordChar(text.charAt(i))) {
            return null;
        }
        String number = text.substring(pos, i);
        pos = i;
        return number;
    }

    /** An unsigned decimal integer that fits a long. */
    long unsignedLong() {
        skipWhitespace();
        int start = pos;
        long value = 0;
        while (pos < length && isDigit(text.charAt(pos))) {
            int digit = text.charAt(pos) - '0';
            if (value > (Long.MAX_VALUE - digit) / 10) {
                throw errorAt(start, "number too large");
            }
            value = value * 10 + digit;
            pos++;
        }
        if (pos == start || (pos < length && isWordChar(text.charAt(pos)))) {
            pos = start;
            throw expected("an unsigned integer");
        }
        return value;
    }

    SqlRedoParseException expected(String what) {
        if (readings != null) {
            return SqlRedoParseException.READING_REJECTED;
        }
        skipWhitespace();
        return errorAt(pos, quietErrors ? null : "expected " + what + " but found " + describeAt(pos));
    }

    SqlRedoParseException errorAt(int offset, String problem) {
        if (readings != null) {
            return SqlRedoParseException.READING_REJECTED;
        }
        if (failedAt < 0) {
            failedAt = offset;
        }
        if (quietErrors) {
            return SqlRedoParseException.STRICT_PASS_FAILED;
        }
        return new SqlRedoParseException(problem + " at offset " + offset + " in SQL_REDO " + quote(offset));
    }

    private String describeAt(int offset) {
        if (offset >= length) {
            return "the end of the statement";
        }
        int end = offset;
        while (end < length && end - offset < 20 && isWordChar(text.charAt(end))) {
            end++;
        }
        return "'" + (end > offset ? text.substring(offset, end) : text.substring(offset, offset + 1)) + "'";
    }

    private String quote(int offset) {
        if (length <= QUOTE_WINDOW) {
            return "\"" + text + "\"";
        }
        int from = Math.max(0, Math.min(offset - QUOTE_WINDOW / 2, length - QUOTE_WINDOW));
        int to = Math.min(length, from + QUOTE_WINDOW);
        return "(" + length + " characters, showing " + from + " to " + to + ") \""
                + (from > 0 ? "..." : "") + text.substring(from, to) + (to < length ? "..." : "") + "\"";
    }

    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    static boolean isWordChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c == '_' || c == '$' || c == '#';
    }
}
