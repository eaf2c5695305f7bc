package io.redocdc.operators.parser;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An Oracle datetime format model (Oracle Database SQL Language Reference, "Format Models", "Datetime Format
 * Elements") compiled once, that reads text printed with it into the canonical text of a value:
 * {@code yyyy-MM-dd HH:mm:ss}, then {@code .} and the fraction digits as printed (when there are any), then a
 * space and the zone (TZH:TZM as {@code +hh:mm}, or the TZR region or offset) when there is one.
 *
 * <p>Reading follows Oracle's string-to-date rules where LogMiner's text needs them: numbers may be shorter than
 * their element (FM), punctuation in the mask matches any punctuation, text that ends early leaves the remaining
 * elements at their defaults (so {@code '...00:00:00.'} is a TIMESTAMP without fraction, and a TIMESTAMP WITH
 * LOCAL TIME ZONE printed without zone reads under a TZ mask). Month and day names are English
 * (NLS_DATE_LANGUAGE AMERICAN); as Oracle does, YY and RR take a four-digit year as it is and MONTH takes an
 * abbreviation. RR picks the century from a reference year: 00-49 lie in the reference year's
 * century when its last two digits are below 50, else in the next; 50-99 likewise in the previous or the same.
 *
 * <p>Over 400 lines on purpose: it is Oracle's whole datetime format model (every element, its leniencies and
 * the canonical output) in one place, so that a mask is read one way everywhere.
 */
final class DatetimeMask {

    private static final String[] MONTHS = {"JANUARY", "FEBRUARY", "MARCH", "APRIL", "MAY", "JUNE", "JULY",
        "AUGUST", "SEPTEMBER", "OCTOBER", "NOVEMBER", "DECEMBER"};
    private static final String[] DAYS = {"MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY",
        "SUNDAY"};

    private enum Kind {
        YEAR4, SIGNED_YEAR4, YEAR2, RR, RRRR, MONTH_NUMBER, MONTH_ABBREVIATION, MONTH_NAME, DAY_OF_MONTH, DAY_OF_YEAR,
        DAY_NAME, DAY_ABBREVIATION, DAY_OF_WEEK, HOUR12, HOUR24, MINUTE, SECOND, SECONDS_OF_DAY, FRACTION, MERIDIAN,
        ERA, RADIX, TZ_HOUR, TZ_MINUTE, TZ_REGION, TZ_ABBREVIATION, PUNCTUATION, TEXT
    }

    /** One element; {@code width} is the digit count of numbers and FFn (9 for FF), {@code text} of literals. */
    private record Element(Kind kind, int width, String text) {
    }

    private static final String CANONICAL_PREFIX = "YYYY-MM-DD HH24:MI:SS";

    private final String mask;
    private final List<Element> elements;
    private final boolean hasFraction;
    private final boolean startsCanonically;

    private DatetimeMask(String mask, List<Element> elements) {
        this.mask = mask;
        this.elements = elements;
        this.hasFraction = elements.stream().anyMatch(e -> e.kind == Kind.FRACTION);
        this.startsCanonically = mask.regionMatches(true, 0, CANONICAL_PREFIX, 0, CANONICAL_PREFIX.length());
    }

    String mask() {
        return mask;
    }

    /** @throws IllegalArgumentException naming the element that Oracle's format models do not have or we cannot read */
    static DatetimeMask compile(String mask) {
        List<Element> elements = new ArrayList<>();
        String upper = mask.toUpperCase(Locale.ROOT);
        int i = 0;
        while (i < upper.length()) {
            char c = upper.charAt(i);
            if (c == '"') {
                int close = mask.indexOf('"', i + 1);
                if (close < 0) {
                    throw new IllegalArgumentException("unterminated quoted text in format mask '" + mask + "'");
                }
                elements.add(new Element(Kind.TEXT, 0, mask.substring(i + 1, close)));
                i = close + 1;
                continue;
            }
            if (!Character.isLetterOrDigit(c)) {
                elements.add(new Element(Kind.PUNCTUATION, 0, String.valueOf(c)));
                i++;
                continue;
            }
            int matched = element(upper, i, elements);
            if (matched == 0) {
                throw new IllegalArgumentException("unsupported element '" + mask.substring(i)
                        + "' in datetime format mask '" + mask + "'");
            }
            i += matched;
        }
        return new DatetimeMask(mask, List.copyOf(elements));
    }

    /** Adds the element at {@code i} (longest first) and returns its length, or 0 when none starts there. */
    private static int element(String upper, int i, List<Element> out) {
        if (upper.startsWith("FM", i) || upper.startsWith("FX", i)) {
            return 2; // fill mode and exact matching change printing and strictness, not what a value means
        }
        if (upper.startsWith("FF", i)) {
            int digit = i + 2 < upper.length() ? upper.charAt(i + 2) - '0' : -1;
            boolean sized = digit >= 1 && digit <= 9;
            out.add(new Element(Kind.FRACTION, sized ? digit : 9, null));
            return sized ? 3 : 2;
        }
        for (String[] known : NAMED) {
            if (upper.startsWith(known[0], i)) {
                out.add(new Element(Kind.valueOf(known[1]), Integer.parseInt(known[2]), null));
                return known[0].length();
            }
        }
        return 0;
    }

    /** Element spellings, longest first where one is a prefix of another: spelling, kind, digits. */
    private static final String[][] NAMED = {
        {"SYYYY", "SIGNED_YEAR4", "4"}, {"YYYY", "YEAR4", "4"}, {"YY", "YEAR2", "2"}, {"RRRR", "RRRR", "4"},
        {"RR", "RR", "2"}, {"MONTH", "MONTH_NAME", "0"}, {"MON", "MONTH_ABBREVIATION", "0"},
        {"MM", "MONTH_NUMBER", "2"}, {"MI", "MINUTE", "2"}, {"DDD", "DAY_OF_YEAR", "3"}, {"DAY", "DAY_NAME", "0"},
        {"DD", "DAY_OF_MONTH", "2"}, {"DY", "DAY_ABBREVIATION", "0"}, {"D", "DAY_OF_WEEK", "1"},
        {"HH24", "HOUR24", "2"}, {"HH12", "HOUR12", "2"}, {"HH", "HOUR12", "2"}, {"SSSSS", "SECONDS_OF_DAY", "5"},
        {"SS", "SECOND", "2"}, {"A.M.", "MERIDIAN", "0"}, {"P.M.", "MERIDIAN", "0"}, {"AM", "MERIDIAN", "0"},
        {"PM", "MERIDIAN", "0"}, {"A.D.", "ERA", "0"}, {"B.C.", "ERA", "0"}, {"AD", "ERA", "0"}, {"BC", "ERA", "0"},
        {"X", "RADIX", "0"}, {"TZH", "TZ_HOUR", "2"}, {"TZM", "TZ_MINUTE", "2"}, {"TZR", "TZ_REGION", "0"},
        {"TZD", "TZ_ABBREVIATION", "0"},
    };

    /** Whether the mask begins {@code YYYY-MM-DD HH24:MI:SS}, the layout canonical text has. */
    boolean startsCanonically() {
        return startsCanonically;
    }

    /** Whether the mask has fractional seconds (FF). */
    boolean hasFraction() {
        return hasFraction;
    }

    /**
     * @param decimal       the radix character that X stands for (NLS_NUMERIC_CHARACTERS)
     * @param referenceYear the year RR and YY are resolved against
     * @return the canonical text, or null when {@code text} does not fit the mask (the caller names the literal)
     */
    String read(String text, char decimal, int referenceYear) {
        return new Reading(text, decimal, referenceYear).run();
    }

    /** One pass of the mask over one text. */
    private final class Reading {
        private final String text;
        private final char decimal;
        private final int referenceYear;
        private int pos;
        private int year = -1;
        private int month = 1;
        private int day = 1;
        private int dayOfYear = -1;
        private int hour;
        private int minute;
        private int second;
        private int secondsOfDay = -1;
        private Boolean pm;
        private boolean hour12;
        private String fraction = "";
        private String tzHour;
        private String tzMinute;
        private String tzRegion;

        Reading(String text, char decimal, int referenceYear) {
            this.text = text;
            this.decimal = decimal;
            this.referenceYear = referenceYear;
        }

        String run() {
            for (Element element : elements) {
                if (pos >= text.length()) {
                    break; // Oracle: a shorter string leaves the remaining elements at their defaults
                }
                if (!readElement(element)) {
                    return null;
                }
            }
            skipSpaces();
            return pos == text.length() ? canonical() : null;
        }

        private boolean readElement(Element e) {
            switch (e.kind) {
                case PUNCTUATION -> {
                    return punctuation(e.text.charAt(0));
                }
                case TEXT -> {
                    if (!text.regionMatches(true, pos, e.text, 0, e.text.length())) {
                        return false;
                    }
                    pos += e.text.length();
                    return true;
                }
                case YEAR4, RRRR -> {
                    int start = pos;
                    int value = number(e.width);
                    if (value < 0) {
                        return false;
                    }
                    year = e.kind == Kind.RRRR && pos - start <= 2 ? rr(value) : value;
                    return true;
                }
                case SIGNED_YEAR4 -> {
                    if (pos < text.length() && text.charAt(pos) == '-') {
                        return false; // BC years have no canonical yyyy form
                    }
                    if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == ' ')) {
                        pos++;
                    }
                    year = number(4);
                    return year >= 0;
                }
                case YEAR2, RR -> {
                    // Oracle takes four digits under YY and RR as the year itself (its RR -> RRRR rule)
                    int start = pos;
                    int value = number(4);
                    boolean twoDigits = pos - start <= 2;
                    year = value < 0 ? -1 : !twoDigits ? value
                            : e.kind == Kind.RR ? rr(value) : referenceYear / 100 * 100 + value;
                    return value >= 0;
                }
                case MONTH_NUMBER -> {
                    month = number(2);
                    return month >= 0;
                }
                case MONTH_ABBREVIATION -> {
                    month = name(MONTHS, 3);
                    return month > 0;
                }
                case MONTH_NAME -> {
                    month = name(MONTHS, 0);
                    if (month == 0) {
                        month = name(MONTHS, 3); // Oracle's MONTH -> MON rule
                    }
                    return month > 0;
                }
                case DAY_OF_MONTH -> {
                    day = number(2);
                    return day >= 0;
                }
                case DAY_OF_YEAR -> {
                    dayOfYear = number(3);
                    return dayOfYear >= 0;
                }
                case DAY_NAME -> {
                    return name(DAYS, 0) > 0; // implied by the date
                }
                case DAY_ABBREVIATION -> {
                    return name(DAYS, 3) > 0;
                }
                case DAY_OF_WEEK -> {
                    return number(1) >= 0;
                }
                case HOUR12, HOUR24 -> {
                    hour12 = e.kind == Kind.HOUR12;
                    hour = number(2);
                    return hour >= 0;
                }
                case MINUTE -> {
                    minute = number(2);
                    return minute >= 0;
                }
                case SECOND -> {
                    second = number(2);
                    return second >= 0;
                }
                case SECONDS_OF_DAY -> {
                    secondsOfDay = number(5);
                    return secondsOfDay >= 0;
                }
                case FRACTION -> {
                    int start = pos;
                    while (pos < text.length() && pos - start < e.width && isDigit(text.charAt(pos))) {
                        pos++;
                    }
                    fraction = text.substring(start, pos); // may be empty: '...00:00:00.' has no fraction digits
                    return true;
                }
                case MERIDIAN -> {
                    return meridian();
                }
                case ERA -> {
                    return word("AD") || word("A.D.");
                }
                case RADIX -> {
                    if (text.charAt(pos) != decimal) {
                        return false;
                    }
                    pos++;
                    return true;
                }
                case TZ_HOUR -> {
                    return zoneHour();
                }
                case TZ_MINUTE -> {
                    int minutes = number(2);
                    if (minutes < 0 || minutes > 59) {
                        return false;
                    }
                    tzMinute = (minutes < 10 ? "0" : "") + minutes;
                    return true;
                }
                case TZ_REGION -> {
                    int start = pos;
                    while (pos < text.length() && text.charAt(pos) != ' ') {
                        pos++;
                    }
                    tzRegion = text.substring(start, pos);
                    return pos > start;
                }
                case TZ_ABBREVIATION -> {
                    // implied by the region; kept out of the canonical text (one zone token)
                    while (pos < text.length() && Character.isLetter(text.charAt(pos))) {
                        pos++;
                    }
                    return true;
                }
                default -> throw new IllegalStateException(e.kind.name());
            }
        }

        private boolean punctuation(char expected) {
            char c = text.charAt(pos);
            if (expected == ' ') {
                skipSpaces();
                return true;
            }
            if (c == expected || !Character.isLetterOrDigit(c)) {
                pos++;
                return true;
            }
            return false;
        }

        private boolean meridian() {
            if (word("AM") || word("A.M.")) {
                pm = false;
                return true;
            }
            if (word("PM") || word("P.M.")) {
                pm = true;
                return true;
            }
            return false;
        }

        private boolean zoneHour() {
            int start = pos;
            if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
                pos++;
            }
            int hours = number(2);
            if (hours < 0 || hours > 14) {
                return false; // offsets run from -12:00 to +14:00
            }
            tzHour = (text.charAt(start) == '-' ? "-" : "+") + (hours < 10 ? "0" : "") + hours;
            return true;
        }

        private boolean word(String word) {
            if (text.regionMatches(true, pos, word, 0, word.length())) {
                pos += word.length();
                return true;
            }
            return false;
        }

        /** 1-based index of the English name (or its first {@code length} letters) that comes next; 0 if none. */
        private int name(String[] names, int length) {
            for (int n = 0; n < names.length; n++) {
                String name = length == 0 ? names[n] : names[n].substring(0, length);
                if (text.regionMatches(true, pos, name, 0, name.length())) {
                    pos += name.length();
                    if (length == 0) {
                        skipSpaces(); // MONTH and DAY are blank-padded to the longest name
                    }
                    return n + 1;
                }
            }
            return 0;
        }

        /** Up to {@code width} digits as a number, or -1 when no digit comes next. */
        private int number(int width) {
            int start = pos;
            int value = 0;
            while (pos < text.length() && pos - start < width && isDigit(text.charAt(pos))) {
                value = value * 10 + (text.charAt(pos) - '0');
                pos++;
            }
            return pos > start ? value : -1;
        }

        private void skipSpaces() {
            while (pos < text.length() && text.charAt(pos) == ' ') {
                pos++;
            }
        }

        private int rr(int twoDigits) {
            int century = referenceYear / 100 * 100;
            boolean referenceLow = referenceYear % 100 < 50;
            if (twoDigits < 50) {
                return referenceLow ? century + twoDigits : century + 100 + twoDigits;
            }
            return referenceLow ? century - 100 + twoDigits : century + twoDigits;
        }

        private String canonical() {
            if (year < 1 || year > 9999) {
                return null;
            }
            if (hour12) {
                if (hour < 1 || hour > 12) {
                    return null;
                }
                if (pm != null) {
                    hour = hour % 12 + (pm ? 12 : 0);
                }
            }
            if (secondsOfDay >= 0) {
                hour = secondsOfDay / 3600;
                minute = secondsOfDay / 60 % 60;
                second = secondsOfDay % 60;
            }
            if (hour > 23 || minute > 59 || second > 59) {
                return null;
            }
            LocalDate date;
            try {
                date = dayOfYear >= 0 ? LocalDate.ofYearDay(year, dayOfYear) : LocalDate.of(year, month, day);
            } catch (DateTimeException e) {
                return null;
            }
            StringBuilder out = new StringBuilder(40);
            pad(out, date.getYear(), 4).append('-');
            pad(out, date.getMonthValue(), 2).append('-');
            pad(out, date.getDayOfMonth(), 2).append(' ');
            pad(out, hour, 2).append(':');
            pad(out, minute, 2).append(':');
            pad(out, second, 2);
            if (!fraction.isEmpty()) {
                out.append('.').append(fraction);
            }
            if (tzRegion != null) {
                out.append(' ').append(tzRegion);
            } else if (tzHour != null) {
                out.append(' ').append(tzHour).append(':').append(tzMinute == null ? "00" : tzMinute);
            }
            return out.toString();
        }
    }

    private static StringBuilder pad(StringBuilder out, int value, int width) {
        String digits = Integer.toString(value);
        for (int i = digits.length(); i < width; i++) {
            out.append('0');
        }
        return out.append(digits);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
