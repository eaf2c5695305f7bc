package io.redocdc.source.model;

import java.io.Serializable;

/**
 * An Oracle System Change Number. Ordered numerically; SCNs are unsigned 48-bit values in practice, so a
 * signed long holds every real SCN.
 */
public record Scn(long value) implements Comparable<Scn>, Serializable {

    private static final long serialVersionUID = 1L;

    public static final Scn ZERO = new Scn(0);
    public static final Scn MAX = new Scn(Long.MAX_VALUE);

    public Scn {
        if (value < 0) {
            throw new IllegalArgumentException("SCN must not be negative: " + value);
        }
    }

    public static Scn of(long value) {
        return new Scn(value);
    }

    /** Parses a decimal SCN as Oracle prints it, naming the text on failure. */
    public static Scn parse(String text) {
        try {
            return new Scn(Long.parseLong(text.trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not an SCN (expected a non-negative decimal number): '" + text + "'");
        }
    }

    public boolean isBefore(Scn other) {
        return value < other.value;
    }

    @Override
    public int compareTo(Scn other) {
        return Long.compare(value, other.value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
