package io.redocdc.sinks.jdbc;

import java.io.Serializable;
import java.util.Objects;

/**
 * A password that travels with the job graph but never appears in logs, exceptions or the Flink web UI:
 * {@link #toString()} is masked, and only the connection code asks for {@link #reveal()}.
 */
public final class JdbcSecret implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final String MASK = "******";

    private final String value;

    private JdbcSecret(String value) {
        this.value = Objects.requireNonNull(value, "secret");
    }

    public static JdbcSecret of(String value) {
        return new JdbcSecret(value);
    }

    /** The clear text, for the JDBC driver only. */
    public String reveal() {
        return value;
    }

    @Override
    public String toString() {
        return MASK;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JdbcSecret other && value.equals(other.value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }
}
