package io.redocdc.job.sql;

import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.LogicalType;

/**
 * A SQL row's field as the Java object a JDBC driver binds with {@code setObject} (JDBC 4.2: LocalDate,
 * LocalTime, LocalDateTime and OffsetDateTime for the date-time types), for the jdbc-apply table sink. Copying
 * values out of the row also frees the writer from Flink reusing row objects.
 */
@FunctionalInterface
interface JdbcValues {

    /** The field's value, null for SQL NULL. */
    Object get(RowData row);

    /**
     * The extractor of field {@code index} of type {@code type}.
     *
     * @throws ValidationException naming the table and column when the type has no JDBC value (ARRAY, MAP, ROW, ...)
     */
    static JdbcValues of(String table, String column, LogicalType type, int index) {
        RowData.FieldGetter field = RowData.createFieldGetter(type, index);
        JdbcValues value = switch (type.getTypeRoot()) {
            case CHAR, VARCHAR -> row -> ((StringData) field.getFieldOrNull(row)).toString();
            case DECIMAL -> row -> ((DecimalData) field.getFieldOrNull(row)).toBigDecimal();
            case BOOLEAN, TINYINT, SMALLINT, INTEGER, BIGINT, FLOAT, DOUBLE -> field::getFieldOrNull;
            case BINARY, VARBINARY -> row -> ((byte[]) field.getFieldOrNull(row)).clone();
            case DATE -> row -> LocalDate.ofEpochDay((Integer) field.getFieldOrNull(row));
            case TIME_WITHOUT_TIME_ZONE -> row -> LocalTime.ofNanoOfDay((Integer) field.getFieldOrNull(row) * 1_000_000L);
            case TIMESTAMP_WITHOUT_TIME_ZONE -> row -> ((TimestampData) field.getFieldOrNull(row)).toLocalDateTime();
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
                    row -> ((TimestampData) field.getFieldOrNull(row)).toInstant().atOffset(ZoneOffset.UTC);
            default -> throw new ValidationException("jdbc-apply table " + table + ", column " + column + ": type "
                    + type.asSummaryString() + " has no JDBC value; give it a character, numeric, boolean, binary, "
                    + "DATE, TIME or TIMESTAMP type (CAST it in the query)");
        };
        return row -> row.isNullAt(index) ? null : value.get(row);
    }
}
