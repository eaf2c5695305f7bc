package io.redocdc.job.sql;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.TimestampTzText;
import io.redocdc.operators.lcr.ValueKind;
import java.io.Serializable;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.EnumSet;
import java.util.Set;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;

/**
 * Converts one column's LCR values to Flink's internal data of the column's declared SQL type: the declared type
 * decides (an Oracle NUMBER may be read as DECIMAL(p,s), INT, BIGINT or DOUBLE), and a value that does not fit it
 * fails naming table, column and value rather than being rounded, cut or wrapped. Values are read from the LCR's
 * canonical text the way the file and JDBC sinks read them ({@link ColumnValue}, {@link TimestampTzText}).
 */
final class ColumnConverter implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The SQL types a column of an oracle-redo table may be declared with. */
    static final Set<LogicalTypeRoot> SUPPORTED = EnumSet.of(LogicalTypeRoot.CHAR, LogicalTypeRoot.VARCHAR,
            LogicalTypeRoot.BOOLEAN, LogicalTypeRoot.TINYINT, LogicalTypeRoot.SMALLINT, LogicalTypeRoot.INTEGER,
            LogicalTypeRoot.BIGINT, LogicalTypeRoot.DECIMAL, LogicalTypeRoot.FLOAT, LogicalTypeRoot.DOUBLE,
            LogicalTypeRoot.DATE, LogicalTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE,
            LogicalTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE, LogicalTypeRoot.BINARY, LogicalTypeRoot.VARBINARY);

    private final String table;
    private final String column;
    private final LogicalType type;

    /** @throws ValidationException when the declared type is not one the source converts to */
    ColumnConverter(String table, String column, LogicalType type) {
        if (!SUPPORTED.contains(type.getTypeRoot())) {
            throw new ValidationException("oracle-redo table " + table + ": column " + column + " is declared "
                    + type + ", which the source does not convert to (use STRING, BOOLEAN, TINYINT, SMALLINT, INT, "
                    + "BIGINT, DECIMAL, FLOAT, DOUBLE, DATE, TIMESTAMP, TIMESTAMP_LTZ or BYTES)");
        }
        this.table = table;
        this.column = column;
        this.type = type;
    }

    String column() {
        return column;
    }

    /**
     * The value as Flink's internal data of the declared type, null for NULL.
     *
     * @throws ValueConversionException when the value does not fit the declared type
     */
    Object convert(ColumnValue value) {
        if (value.isNull()) {
            return null;
        }
        if (value.kind() == ValueKind.UNSUPPORTED) {
            throw mismatch(value, "LogMiner gave no value (Unsupported Type)");
        }
        try {
            return switch (type.getTypeRoot()) {
                case CHAR, VARCHAR -> StringData.fromString(value.text());
                case BOOLEAN -> bool(value);
                case TINYINT -> number(value).byteValueExact();
                case SMALLINT -> number(value).shortValueExact();
                case INTEGER -> number(value).intValueExact();
                case BIGINT -> number(value).longValueExact();
                case DECIMAL -> decimal(value, (DecimalType) type);
                case FLOAT -> number(value).floatValue();
                case DOUBLE -> number(value).doubleValue();
                case DATE -> date(value);
                case TIMESTAMP_WITHOUT_TIME_ZONE -> TimestampData.fromLocalDateTime(fitted(value, localTime(value)));
                case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> instant(value);
                case BINARY, VARBINARY -> bytes(value);
                default -> throw mismatch(value, "no conversion to this type");
            };
        } catch (ValueConversionException e) {
            throw e;
        } catch (ArithmeticException e) {
            throw mismatch(value, "out of range or not a whole number");
        } catch (DateTimeException | IllegalArgumentException | IllegalStateException e) {
            // unparsable date-time or hex text, an unknown time zone
            throw mismatch(value, String.valueOf(e.getMessage()));
        }
    }

    private BigDecimal number(ColumnValue value) {
        requireKind(value, "a number", ValueKind.STRING);
        try {
            return new BigDecimal(value.text().trim());
        } catch (NumberFormatException e) {
            throw mismatch(value, "not a number");
        }
    }

    private DecimalData decimal(ColumnValue value, DecimalType decimal) {
        BigDecimal number = number(value);
        BigDecimal scaled;
        try {
            scaled = number.setScale(decimal.getScale(), RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            throw mismatch(value, "more than " + decimal.getScale() + " digits after the decimal point");
        }
        DecimalData data = DecimalData.fromBigDecimal(scaled, decimal.getPrecision(), decimal.getScale());
        if (data == null) {
            throw mismatch(value, "more than " + (decimal.getPrecision() - decimal.getScale())
                    + " digits before the decimal point");
        }
        return data;
    }

    private Boolean bool(ColumnValue value) {
        requireKind(value, "1/0, true/false or Y/N", ValueKind.STRING);
        return switch (value.text()) {
            case "1", "true", "TRUE", "Y" -> true;
            case "0", "false", "FALSE", "N" -> false;
            default -> throw mismatch(value, "expected 1/0, true/false or Y/N");
        };
    }

    private int date(ColumnValue value) {
        LocalDateTime dateTime = localTime(value);
        if (!dateTime.toLocalTime().equals(LocalTime.MIDNIGHT)) {
            throw mismatch(value, "has a time of day, which DATE would drop (declare the column TIMESTAMP)");
        }
        return (int) dateTime.toLocalDate().toEpochDay();
    }

    /** DATE, TIMESTAMP, and a TIMESTAMP WITH TIME ZONE's local time as printed (as the JDBC sink binds it). */
    private LocalDateTime localTime(ColumnValue value) {
        requireKind(value, "a date or timestamp", ValueKind.DATE, ValueKind.TIMESTAMP, ValueKind.TIMESTAMP_TZ);
        return value.kind() == ValueKind.TIMESTAMP_TZ ? TimestampTzText.parse(value.text()).local()
                : value.asLocalDateTime();
    }

    private TimestampData instant(ColumnValue value) {
        requireKind(value, "a timestamp with time zone", ValueKind.TIMESTAMP_TZ);
        TimestampTzText parsed = TimestampTzText.parse(value.text());
        if (!parsed.hasZone()) {
            throw mismatch(value, "has no time zone (declare the column TIMESTAMP, or give the mining session's "
                    + "--source.nls-time-zone)");
        }
        LocalDateTime local = fitted(value, parsed.local());
        return TimestampData.fromInstant(local.toInstant(parsed.offset()));
    }

    /** The date-time, when the declared precision keeps all its fraction digits. */
    private LocalDateTime fitted(ColumnValue value, LocalDateTime dateTime) {
        int precision = LogicalTypeChecks.getPrecision(type);
        long unit = (long) Math.pow(10, 9 - precision);
        if (dateTime.getNano() % unit != 0) {
            throw mismatch(value, "more than " + precision + " fraction digits (declare a higher precision)");
        }
        return dateTime;
    }

    private byte[] bytes(ColumnValue value) {
        requireKind(value, "RAW or BLOB bytes", ValueKind.RAW, ValueKind.EMPTY_BLOB);
        return value.asBytes();
    }

    private void requireKind(ColumnValue value, String expected, ValueKind... kinds) {
        for (ValueKind kind : kinds) {
            if (value.kind() == kind) {
                return;
            }
        }
        throw mismatch(value, "expected " + expected);
    }

    private ValueConversionException mismatch(ColumnValue value, String why) {
        String text = value.text() == null ? "" : value.text();
        String shown = text.length() <= 60 ? text : text.substring(0, 60) + "...";
        return new ValueConversionException("oracle-redo table " + table + ", column " + column + ": "
                + value.kind() + " value '" + shown + "' does not fit " + type + ": " + why);
    }

    /** A captured value that does not fit its column's declared SQL type. */
    static final class ValueConversionException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        ValueConversionException(String message) {
            super(message);
        }
    }
}
