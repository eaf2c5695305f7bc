package io.redocdc.operators.parser;

/**
 * Checks the shape {@code yyyy-MM-dd HH:mm:ss[.f{1,9}]} of datetime text as the mining session prints it.
 * Only the layout is checked (digits and separators), not calendar ranges: it is there to catch a session
 * mined with other NLS formats, cheaply.
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
}
