package io.redocdc.sinks.jdbc.target;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.TimestampTzText;
import io.redocdc.operators.lcr.ValueKind;
import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.HexFormat;

/**
 * Binds an LCR value (canonical text plus {@link io.redocdc.operators.lcr.ValueKind}) to a statement parameter
 * typed by the target column: numbers as BigDecimal, DATE/TIMESTAMP as Timestamp (fraction kept), TIMESTAMP
 * WITH TIME ZONE as OffsetDateTime when the text has an offset or region, RAW as bytes, long text and LOB
 * columns as streams. A value the target type cannot take fails with SQLSTATE 22018 naming table, column,
 * target type and value kind.
 */
public final class ValueBinder {

    /** Longer text is bound as a character stream (Oracle's VARCHAR2 bind limit). */
    static final int LONG_TEXT = 4000;

    private ValueBinder() {
    }

    public static void bind(PreparedStatement statement, int index, ColumnValue value, TargetColumn column,
                            TargetTable table) throws SQLException {
        switch (value.kind()) {
            case NULL -> statement.setNull(index, column.jdbcType());
            case STRING, EMPTY_CLOB -> bindText(statement, index, value, column, table);
            case DATE, TIMESTAMP -> bindDateTime(statement, index, value, column, table);
            case TIMESTAMP_TZ -> bindTimestampTz(statement, index, value, column, table);
            case RAW, EMPTY_BLOB -> bindBytes(statement, index, value, column, table);
            case INTERVAL_YM, INTERVAL_DS -> bindInterval(statement, index, value, column, table);
            case UNSUPPORTED -> throw mismatch(value, column, table, "LogMiner gave no value (Unsupported Type)");
        }
    }

    /**
     * The value as a Java object of the kind {@link #readCurrent} returns for the same column, for
     * comparisons (MAXIMUM/MINIMUM conflict resolution); null for NULL.
     */
    public static Comparable<?> comparable(ColumnValue value, TargetColumn column, TargetTable table)
            throws SQLException {
        if (value.isNull()) {
            return null;
        }
        if (column.isNumeric()) {
            return decimal(value, column, table);
        }
        if (column.isDateTime() && (value.kind() == ValueKind.DATE
                || value.kind() == ValueKind.TIMESTAMP)) {
            return localDateTime(value, column, table);
        }
        if (column.isCharacter()) {
            return value.text();
        }
        throw mismatch(value, column, table, "values of this type cannot be compared for conflict resolution");
    }

    /** The current value of {@code column} in the result set's first column, comparable with {@link #comparable}. */
    public static Comparable<?> readCurrent(ResultSet rs, TargetColumn column) throws SQLException {
        if (column.isNumeric()) {
            return rs.getBigDecimal(1);
        }
        if (column.isDateTime()) {
            Timestamp ts = rs.getTimestamp(1);
            return ts == null ? null : ts.toLocalDateTime();
        }
        return rs.getString(1);
    }

    private static void bindText(PreparedStatement statement, int index, ColumnValue value, TargetColumn column,
                                 TargetTable table) throws SQLException {
        String text = value.text();
        if (column.isNumeric()) {
            statement.setBigDecimal(index, decimal(value, column, table));
        } else if (column.isCharacter() || column.isLob() && !column.isBinary()) {
            if (column.isLob() || text.length() > LONG_TEXT) {
                statement.setCharacterStream(index, new StringReader(text), text.length());
            } else {
                statement.setString(index, text);
            }
        } else if (column.jdbcType() == Types.BOOLEAN || column.jdbcType() == Types.BIT) {
            statement.setBoolean(index, switch (text) {
                case "1", "true", "TRUE", "Y" -> true;
                case "0", "false", "FALSE", "N" -> false;
                default -> throw mismatch(value, column, table, "expected 1/0, true/false or Y/N");
            });
        } else if (column.isBinary() && value.kind() == ValueKind.EMPTY_CLOB) {
            statement.setBytes(index, new byte[0]);
        } else {
            throw mismatch(value, column, table, "no conversion from text to this type");
        }
    }

    private static void bindDateTime(PreparedStatement statement, int index, ColumnValue value, TargetColumn column,
                                     TargetTable table) throws SQLException {
        if (column.isDateTime()) {
            statement.setTimestamp(index, Timestamp.valueOf(localDateTime(value, column, table)));
        } else if (column.isTimestampWithTimeZone()) {
            // a zone-less source value in a zoned column: the driver applies the session time zone
            statement.setTimestamp(index, Timestamp.valueOf(localDateTime(value, column, table)));
        } else if (column.isCharacter()) {
            statement.setString(index, value.text());
        } else {
            throw mismatch(value, column, table, "no conversion from a date/time to this type");
        }
    }

    private static void bindTimestampTz(PreparedStatement statement, int index, ColumnValue value,
                                        TargetColumn column, TargetTable table) throws SQLException {
        if (column.isCharacter()) {
            statement.setString(index, value.text());
            return;
        }
        if (!column.isTimestampWithTimeZone() && !column.isDateTime()) {
            throw mismatch(value, column, table, "no conversion from a timestamp with time zone to this type");
        }
        TimestampTzText parsed;
        try {
            parsed = TimestampTzText.parse(value.text());
        } catch (DateTimeParseException e) {
            throw mismatch(value, column, table, "'" + abbreviate(value.text().trim())
                    + "' is not yyyy-MM-dd HH:mm:ss[.f] [zone]");
        }
        if (!parsed.hasZone() || !column.isTimestampWithTimeZone()) {
            // no zone in the text, or a zone-less target column: keep the local time as printed
            statement.setTimestamp(index, Timestamp.valueOf(parsed.local()));
            return;
        }
        ZoneOffset offset;
        try {
            offset = parsed.offset();
        } catch (DateTimeException e) {
            throw mismatch(value, column, table, "unknown time zone '" + parsed.zone() + "'");
        }
        statement.setObject(index, OffsetDateTime.of(parsed.local(), offset));
    }

    private static void bindBytes(PreparedStatement statement, int index, ColumnValue value, TargetColumn column,
                                  TargetTable table) throws SQLException {
        if (column.isCharacter()) {
            statement.setString(index, value.text());
            return;
        }
        if (!column.isBinary() && !column.isLob()) {
            throw mismatch(value, column, table, "no conversion from bytes to this type");
        }
        byte[] bytes;
        try {
            bytes = HexFormat.of().parseHex(value.text());
        } catch (IllegalArgumentException e) {
            throw mismatch(value, column, table, "not hex: " + e.getMessage());
        }
        if (column.isLob() || bytes.length > LONG_TEXT) {
            statement.setBinaryStream(index, new ByteArrayInputStream(bytes), bytes.length);
        } else {
            statement.setBytes(index, bytes);
        }
    }

    private static void bindInterval(PreparedStatement statement, int index, ColumnValue value, TargetColumn column,
                                     TargetTable table) throws SQLException {
        if (column.isCharacter()) {
            statement.setString(index, value.text());
        } else if (column.isInterval()) {
            // Oracle and H2 convert the printed form ('+0012-03', '+00005 04:03:02.123456') implicitly;
            // PostgreSQL needs the parameter untyped to parse it as an interval
            statement.setObject(index, value.text(), column.jdbcType() == Types.OTHER ? Types.OTHER : Types.VARCHAR);
        } else {
            throw mismatch(value, column, table, "no conversion from an interval to this type");
        }
    }

    private static BigDecimal decimal(ColumnValue value, TargetColumn column, TargetTable table) throws SQLException {
        try {
            return new BigDecimal(value.text().trim());
        } catch (NumberFormatException e) {
            throw mismatch(value, column, table, "'" + abbreviate(value.text()) + "' is not a number");
        }
    }

    private static LocalDateTime localDateTime(ColumnValue value, TargetColumn column, TargetTable table)
            throws SQLException {
        return parseLocal(value.text(), value, column, table);
    }

    private static LocalDateTime parseLocal(String text, ColumnValue value, TargetColumn column, TargetTable table)
            throws SQLException {
        try {
            return TimestampTzText.parseLocal(text);
        } catch (DateTimeParseException e) {
            throw mismatch(value, column, table, "'" + abbreviate(text) + "' is not yyyy-MM-dd HH:mm:ss[.f]");
        }
    }

    private static SQLDataException mismatch(ColumnValue value, TargetColumn column, TargetTable table, String why) {
        return new SQLDataException("cannot bind " + value.kind() + " value of column " + column.name()
                + " to target column " + table + "." + column.describe() + ": " + why, "22018");
    }

    private static String abbreviate(String text) {
        return text.length() <= 60 ? text : text.substring(0, 60) + "...";
    }
}
