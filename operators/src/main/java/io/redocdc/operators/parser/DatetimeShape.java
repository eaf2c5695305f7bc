package io.redocdc.operators.parser;

/**
 * Checks the shape {@code yyyy-MM-dd HH:mm:ss[.f{1,9}]} of datetime text as the mining session prints it, and
 * that month, day, hour, minute and second are in range: text in this shape is taken as canonical without
 * interpreting its mask.
 */
final class DatetimeShape {

    static final int SECONDS_LENGTH = "yyyy-MM-dd HH:mm:ss".length();

    private static final String LAYOUT = "dddd-dd-dd dd:dd:dd";

    private DatetimeShape() {
    }

    /**
     * The index just after the seconds and their optional fraction ({@code .} and 1 to 9 digits), or -1 when
     * the text does not start with {@code yyyy-MM-dd HH:mm:ss}.
     */
    static int fractionEnd(String text) {
        if (text.length() < SECONDS_LENGTH) {
            return -1;
        }
        for (int i = 0; i < SECONDS_LENGTH; i++) {
            char expected = LAYOUT.charAt(i);
            char c = text.charAt(i);
            if (expected == 'd' ? !RedoTextCursor.isDigit(c) : c != expected) {
                return -1;
            }
        }
        if (!inRange(text)) {
            return -1;
        }
        if (text.length() == SECONDS_LENGTH || text.charAt(SECONDS_LENGTH) != '.') {
            return SECONDS_LENGTH;
        }
        int end = SECONDS_LENGTH + 1;
        while (end < text.length() && RedoTextCursor.isDigit(text.charAt(end))) {
            end++;
        }
        int digits = end - SECONDS_LENGTH - 1;
        return digits >= 1 && digits <= 9 ? end : -1;
    }

    private static boolean inRange(String text) {
        int year = number(text, 0, 4);
        int month = number(text, 5, 2);
        int day = number(text, 8, 2);
        return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month)
                && number(text, 11, 2) < 24 && number(text, 14, 2) < 60 && number(text, 17, 2) < 60;
    }

    private static int daysIn(int year, int month) {
        return switch (month) {
            case 2 -> (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }

    private static int number(String text, int from, int digits) {
        int value = 0;
        for (int i = from; i < from + digits; i++) {
            value = value * 10 + (text.charAt(i) - '0');
        }
        return value;
    }
}
