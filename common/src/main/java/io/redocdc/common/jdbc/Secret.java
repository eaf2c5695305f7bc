package io.redocdc.common.jdbc;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A password that never shows up in toString(), logs or error messages. Only {@link #reveal()} hands out the value,
 * for the JDBC driver.
 */
public final class Secret implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final String MASK = "******";

    private final String value;

    private Secret(String value) {
        this.value = Objects.requireNonNull(value, "secret value");
    }

    public static Secret of(String value) {
        return new Secret(value);
    }

    /** The first line of {@code file}, trimmed. Errors name the file, never its content. */
    public static Secret fromFile(Path file) {
        String content;
        try {
            content = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the password file " + file + ": " + e.getClass().getSimpleName(),
                    e);
        }
        String firstLine = content.lines().findFirst().orElse("").trim();
        if (firstLine.isEmpty()) {
            throw new IllegalArgumentException("the password file " + file + " is empty; expected the password on "
                    + "its first line");
        }
        return new Secret(firstLine);
    }

    /** The value of environment variable {@code name}. Errors name the variable, never its content. */
    public static Secret fromEnv(String name) {
        return fromEnv(name, System.getenv(name));
    }

    static Secret fromEnv(String name, String value) {
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("environment variable " + name + " is not set or empty; expected "
                    + "the password in it");
        }
        return new Secret(value);
    }

    /** The plain value: hand it to the driver only. */
    public String reveal() {
        return value;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Secret secret && secret.value.equals(value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }

    @Override
    public String toString() {
        return MASK;
    }
}
