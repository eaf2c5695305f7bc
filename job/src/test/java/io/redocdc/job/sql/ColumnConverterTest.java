package io.redocdc.job.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.ValueKind;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.DataType;
import org.junit.jupiter.api.Test;

class ColumnConverterTest {

    @Test
    void numbersConvertToTheDeclaredNumericType() {
        assertThat(convert(DataTypes.DECIMAL(12, 2), string("1234.5")))
                .isEqualTo(DecimalData.fromBigDecimal(new BigDecimal("1234.50"), 12, 2));
        assertThat(convert(DataTypes.INT(), string("42"))).isEqualTo(42);
        assertThat(convert(DataTypes.BIGINT(), string("9007199254740993"))).isEqualTo(9007199254740993L);
        assertThat(convert(DataTypes.DOUBLE(), string("-1.5E-3"))).isEqualTo(-0.0015);
        assertThat(convert(DataTypes.STRING(), string("12.50"))).isEqualTo(StringData.fromString("12.50"));
    }

    @Test
    void aFractionIntoAnIntegerNamesTableColumnAndValue() {
        assertThatThrownBy(() -> convert(DataTypes.INT(), string("12.5")))
                .isInstanceOf(ColumnConverter.ValueConversionException.class)
                .hasMessage("oracle-redo table OE.ORDERS, column ORDER_TOTAL: STRING value '12.5' does not fit INT: "
                        + "out of range or not a whole number");
        assertThatThrownBy(() -> convert(DataTypes.INT(), string("3000000000")))
                .hasMessageContaining("'3000000000'").hasMessageContaining("INT");
    }

    @Test
    void aDecimalThatOverflowsOrLosesDigitsIsAnError() {
        assertThatThrownBy(() -> convert(DataTypes.DECIMAL(5, 2), string("12345.5")))
                .hasMessageContaining("OE.ORDERS").hasMessageContaining("ORDER_TOTAL")
                .hasMessageContaining("'12345.5'").hasMessageContaining("more than 3 digits before the decimal point");
        assertThatThrownBy(() -> convert(DataTypes.DECIMAL(5, 2), string("1.234")))
                .hasMessageContaining("more than 2 digits after the decimal point");
        assertThatThrownBy(() -> convert(DataTypes.DECIMAL(5, 2), string("twelve")))
                .hasMessageContaining("'twelve'").hasMessageContaining("not a number");
    }

    @Test
    void datesAndTimestampsConvertToTimestamp() {
        assertThat(convert(DataTypes.TIMESTAMP(0), new ColumnValue("C", ValueKind.DATE, "2026-03-01 08:00:00")))
                .isEqualTo(TimestampData.fromLocalDateTime(LocalDateTime.of(2026, 3, 1, 8, 0)));
        assertThat(convert(DataTypes.TIMESTAMP(6),
                new ColumnValue("C", ValueKind.TIMESTAMP, "2026-03-01 08:00:00.123456")))
                .isEqualTo(TimestampData.fromLocalDateTime(LocalDateTime.of(2026, 3, 1, 8, 0, 0, 123_456_000)));
        assertThat(convert(DataTypes.DATE(), new ColumnValue("C", ValueKind.DATE, "2026-03-01 00:00:00")))
                .isEqualTo((int) LocalDate.of(2026, 3, 1).toEpochDay());
        assertThatThrownBy(() -> convert(DataTypes.TIMESTAMP(3),
                new ColumnValue("C", ValueKind.TIMESTAMP, "2026-03-01 08:00:00.123456")))
                .hasMessageContaining("more than 3 fraction digits");
        assertThatThrownBy(() -> convert(DataTypes.TIMESTAMP(0), string("yesterday")))
                .hasMessageContaining("'yesterday'").hasMessageContaining("expected a date or timestamp");
    }

    @Test
    void timestampsWithTimeZoneConvertToTimestampLtz() {
        assertThat(convert(DataTypes.TIMESTAMP_LTZ(3),
                new ColumnValue("C", ValueKind.TIMESTAMP_TZ, "2026-03-01 08:00:00.5 +02:00")))
                .isEqualTo(TimestampData.fromInstant(Instant.parse("2026-03-01T06:00:00.5Z")));
        assertThat(convert(DataTypes.TIMESTAMP_LTZ(0),
                new ColumnValue("C", ValueKind.TIMESTAMP_TZ, "2026-07-01 08:00:00 EUROPE/PARIS")))
                .isEqualTo(TimestampData.fromInstant(Instant.parse("2026-07-01T06:00:00Z")));
        assertThatThrownBy(() -> convert(DataTypes.TIMESTAMP_LTZ(3),
                new ColumnValue("C", ValueKind.TIMESTAMP_TZ, "2026-03-01 08:00:00")))
                .hasMessageContaining("has no time zone");
    }

    @Test
    void rawAndBlobConvertToBytes() {
        assertThat((byte[]) convert(DataTypes.BYTES(), new ColumnValue("C", ValueKind.RAW, "00ff10")))
                .containsExactly(0, -1, 16);
        assertThat((byte[]) convert(DataTypes.BYTES(), new ColumnValue("C", ValueKind.EMPTY_BLOB, ""))).isEmpty();
        assertThatThrownBy(() -> convert(DataTypes.BYTES(), string("abc"))).hasMessageContaining("expected RAW");
    }

    @Test
    void nullIsNullAndAnUnsupportedValueIsAnError() {
        assertThat(convert(DataTypes.INT(), ColumnValue.ofNull("C"))).isNull();
        assertThatThrownBy(() -> convert(DataTypes.STRING(), new ColumnValue("C", ValueKind.UNSUPPORTED, null)))
                .hasMessageContaining("Unsupported Type");
    }

    @Test
    void aTypeTheSourceCannotFillIsRefusedWhenTheTableIsPlanned() {
        assertThatThrownBy(() -> new ColumnConverter("OE.ORDERS", "TAGS", DataTypes.ARRAY(DataTypes.STRING())
                .getLogicalType()))
                .isInstanceOf(ValidationException.class)
                .hasMessageContaining("column TAGS is declared ARRAY<STRING>");
    }

    private static Object convert(DataType type, ColumnValue value) {
        return new ColumnConverter("OE.ORDERS", "ORDER_TOTAL", type.getLogicalType()).convert(value);
    }

    private static ColumnValue string(String text) {
        return ColumnValue.ofString("ORDER_TOTAL", text);
    }
}
