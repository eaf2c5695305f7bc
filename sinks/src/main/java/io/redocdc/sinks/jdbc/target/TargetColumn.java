package io.redocdc.sinks.jdbc.target;

import java.sql.Types;
import java.util.Locale;

/**
 * A column of a target table as DatabaseMetaData describes it.
 *
 * @param jdbcType {@link java.sql.Types} code (or the driver's own, e.g. Oracle's -101 for TIMESTAMP WITH TIME ZONE)
 * @param typeName the database's type name, e.g. {@code NUMBER}, {@code timestamptz}, {@code bytea}
 */
public record TargetColumn(String name, int jdbcType, String typeName) {

    private static final int ORACLE_TIMESTAMP_TZ = -101;
    private static final int ORACLE_TIMESTAMP_LTZ = -102;
    private static final int ORACLE_INTERVAL_YM = -103;
    private static final int ORACLE_INTERVAL_DS = -104;
    private static final int ORACLE_BINARY_FLOAT = 100;
    private static final int ORACLE_BINARY_DOUBLE = 101;

    private String upperTypeName() {
        return typeName == null ? "" : typeName.toUpperCase(Locale.ROOT);
    }

    public boolean isNumeric() {
        return switch (jdbcType) {
            case Types.NUMERIC, Types.DECIMAL, Types.INTEGER, Types.SMALLINT, Types.TINYINT, Types.BIGINT,
                 Types.FLOAT, Types.REAL, Types.DOUBLE, ORACLE_BINARY_FLOAT, ORACLE_BINARY_DOUBLE -> true;
            default -> upperTypeName().equals("DECFLOAT") || upperTypeName().equals("NUMBER");
        };
    }

    public boolean isCharacter() {
        return switch (jdbcType) {
            case Types.CHAR, Types.VARCHAR, Types.NCHAR, Types.NVARCHAR, Types.LONGVARCHAR, Types.LONGNVARCHAR,
                 Types.CLOB, Types.NCLOB -> true;
            default -> false;
        };
    }

    /** DATE and TIMESTAMP without a time zone. */
    public boolean isDateTime() {
        return (jdbcType == Types.DATE || jdbcType == Types.TIMESTAMP) && !isTimestampWithTimeZone();
    }

    public boolean isTimestampWithTimeZone() {
        return jdbcType == Types.TIMESTAMP_WITH_TIMEZONE || jdbcType == ORACLE_TIMESTAMP_TZ
                || jdbcType == ORACLE_TIMESTAMP_LTZ || upperTypeName().equals("TIMESTAMPTZ");
    }

    public boolean isBinary() {
        return switch (jdbcType) {
            case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY, Types.BLOB -> true;
            default -> false;
        };
    }

    public boolean isInterval() {
        return jdbcType == ORACLE_INTERVAL_YM || jdbcType == ORACLE_INTERVAL_DS
                || upperTypeName().startsWith("INTERVAL");
    }

    /** Values bound as streams: LOB-typed columns (CLOB, BLOB, PostgreSQL text and bytea). */
    public boolean isLob() {
        return switch (jdbcType) {
            case Types.CLOB, Types.NCLOB, Types.BLOB, Types.LONGVARCHAR, Types.LONGNVARCHAR, Types.LONGVARBINARY -> true;
            default -> upperTypeName().equals("TEXT") || upperTypeName().equals("BYTEA");
        };
    }

    /** False for columns a WHERE clause cannot compare with {@code =} in every database (Oracle CLOB, BLOB). */
    public boolean isComparable() {
        return switch (jdbcType) {
            case Types.CLOB, Types.NCLOB, Types.BLOB, Types.LONGVARCHAR, Types.LONGNVARCHAR, Types.LONGVARBINARY -> false;
            default -> true;
        };
    }

    /** {@code NAME (TYPE)} for messages. */
    public String describe() {
        return name + " (" + typeName + ", JDBC type " + jdbcType + ")";
    }
}
