package io.redocdc.tools.simulate;

import java.util.SplittableRandom;

/**
 * Values of OE.DOCUMENTS' LOB columns in the truth's text: CLOB and XMLTYPE as text, NCLOB as text with
 * characters outside the BMP, BLOB as lower-case hex. Small values fit an UPDATE literal; large ones take
 * several LOB_WRITE (or XML DOC WRITE) rows: a CLOB over 32 KB, an NCLOB of thousands of characters.
 */
final class LobValues {

    private static final String[] NCLOB_EXTRAS = {"😀", "𝄞", "𠜎", "ß", "€", "\u00e9"};

    private final SplittableRandom random;

    LobValues(SplittableRandom random) {
        this.random = random;
    }

    /** A value for the column; {@code minLength} (characters or bytes) makes a large value at least that long. */
    String value(ColumnType type, boolean large, long minLength) {
        return switch (type) {
            case CLOB -> text(large ? 32_769 + random.nextInt(16_000) : 1 + random.nextInt(200), minLength, false);
            case NCLOB -> text(large ? 6_001 + random.nextInt(8_000) : 1 + random.nextInt(100), minLength, true);
            case BLOB -> bytes(large ? 2_000 + random.nextInt(18_000) : 1 + random.nextInt(64), minLength);
            case XMLTYPE -> xml(large ? 5_000 + random.nextInt(5_000) : 40 + random.nextInt(300));
            default -> throw new IllegalArgumentException(type + " is not a LOB type");
        };
    }

    private String text(int target, long minLength, boolean supplementary) {
        long length = Math.max(target, minLength);
        StringBuilder sb = new StringBuilder((int) length + 16);
        long codePoints = 0;
        while (codePoints < length) {
            String word = sb.isEmpty() ? "" : " ";
            word += supplementary && random.nextInt(4) == 0
                    ? NCLOB_EXTRAS[random.nextInt(NCLOB_EXTRAS.length)]
                    : ValueGenerator.WORDS.get(random.nextInt(ValueGenerator.WORDS.size()));
            sb.append(word);
            codePoints += word.codePointCount(0, word.length());
        }
        return sb.toString();
    }

    private String bytes(int target, long minLength) {
        long length = Math.max(target, minLength);
        StringBuilder sb = new StringBuilder((int) (2 * length));
        for (long i = 0; i < length; i++) {
            sb.append(Character.forDigit(random.nextInt(16), 16)).append(Character.forDigit(random.nextInt(16), 16));
        }
        return sb.toString();
    }

    /** An XML document with attributes, quotes and entities (plain ASCII, so amounts are unambiguous). */
    private String xml(int target) {
        StringBuilder sb = new StringBuilder(target + 64).append("<doc rev=\"").append(random.nextInt(100))
                .append("\">");
        while (sb.length() < target) {
            sb.append("<p n='").append(random.nextInt(1000)).append("'>O'Neil's order &amp; invoice #")
                    .append(random.nextInt(100_000)).append("</p>");
        }
        return sb.append("</doc>").toString();
    }
}
