package io.redocdc.sinks.jdbc.apply;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.lcr.ColumnValue;
import io.redocdc.operators.lcr.LcrCommand;
import io.redocdc.sinks.jdbc.dialect.H2Dialect;
import io.redocdc.sinks.jdbc.parallel.RowKey;
import io.redocdc.sinks.jdbc.target.TableConstraints;
import io.redocdc.sinks.jdbc.target.TargetTable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The keys of one change to OE.ITEMS (key ID, unique CODE, foreign key ORDER_ID to OE.ORDERS.ID): which values it
 * writes, creates or removes, and which parent keys it references.
 */
class StatementKeysTest {

    private static final TargetTable ITEMS = new TargetTable("OE", "ITEMS");
    private static final TableConstraints CONSTRAINTS = new TableConstraints(ITEMS,
            List.of(List.of("ID"), List.of("CODE")),
            List.of(new TableConstraints.ForeignKey(List.of("ORDER_ID"), new TargetTable("OE", "ORDERS"),
                    List.of("ID"))), false);

    @Test
    void anInsertCreatesItsKeysAndReferencesItsParent() {
        StatementKeys keys = keys(LcrCommand.INSERT, Map.of(), Map.of("ID", "1", "CODE", "a", "ORDER_ID", "7"));
        assertThat(keys.rows()).containsExactly(id("1"));
        assertThat(keys.written()).containsExactly(id("1"), code("a"));
        assertThat(keys.changes()).containsExactly(id("1"), code("a"));
        assertThat(keys.references()).containsExactly(order("7"));
        assertThat(keys.touchesConstraints()).isTrue();
    }

    @Test
    void anUpdateLeavingItsUniqueAndForeignKeysAsTheyWereChangesAndReferencesNothing() {
        Map<String, String> before = Map.of("ID", "1", "CODE", "a", "ORDER_ID", "7", "QTY", "1");
        StatementKeys keys = keys(LcrCommand.UPDATE, before, Map.of("ID", "1", "CODE", "a", "ORDER_ID", "7",
                "QTY", "2"));
        assertThat(keys.rows()).containsExactly(id("1"));
        assertThat(keys.written()).containsExactly(id("1"), code("a"));
        assertThat(keys.changes()).isEmpty();
        assertThat(keys.references()).isEmpty();
        assertThat(keys.touchesConstraints()).isFalse();
    }

    @Test
    void anUpdateMovingItToAnotherParentReferencesBothAndOneSettingNoneOfItsColumnsNeither() {
        Map<String, String> before = Map.of("ID", "1", "CODE", "a", "ORDER_ID", "7");
        StatementKeys moved = keys(LcrCommand.UPDATE, before, Map.of("ID", "1", "ORDER_ID", "8"));
        assertThat(moved.references()).containsExactly(order("7"), order("8"));
        assertThat(moved.changes()).isEmpty();
        assertThat(moved.touchesConstraints()).isTrue();
        StatementKeys untouched = keys(LcrCommand.UPDATE, before, Map.of("ID", "1", "QTY", "3"));
        assertThat(untouched.written()).containsExactly(id("1"));
        assertThat(untouched.references()).isEmpty();
    }

    @Test
    void aDeleteRemovesItsKeysAndANullForeignKeyReferencesNothing() {
        Map<String, String> before = new HashMap<>(Map.of("ID", "1", "CODE", "a"));
        before.put("ORDER_ID", null);
        StatementKeys keys = keys(LcrCommand.DELETE, before, Map.of());
        assertThat(keys.changes()).containsExactly(id("1"), code("a"));
        assertThat(keys.references()).isEmpty();
    }

    @Test
    void aChangeWithoutItsKeyInAnImageCannotBeKeyed() {
        assertThat(keys(LcrCommand.UPDATE, Map.of("CODE", "a"), Map.of("CODE", "b"))).isNull();
        assertThat(StatementKeys.of(images(LcrCommand.INSERT, Map.of(), Map.of("ID", "1")), List.of(), CONSTRAINTS,
                H2Dialect.INSTANCE)).as("no key").isNull();
    }

    private static StatementKeys keys(LcrCommand command, Map<String, String> before, Map<String, String> after) {
        return StatementKeys.of(images(command, before, after), List.of("ID"), CONSTRAINTS, H2Dialect.INSTANCE);
    }

    private static RowImages images(LcrCommand command, Map<String, String> before, Map<String, String> after) {
        return new RowImages(command, values(before), values(after));
    }

    private static Map<String, ColumnValue> values(Map<String, String> texts) {
        Map<String, ColumnValue> values = new HashMap<>();
        texts.forEach((name, text) -> values.put(name, text == null ? ColumnValue.ofNull(name)
                : ColumnValue.ofString(name, text)));
        return values;
    }

    private static RowKey id(String value) {
        return new RowKey("\"OE\".\"ITEMS\"", List.of("ID"), List.of(value));
    }

    private static RowKey code(String value) {
        return new RowKey("\"OE\".\"ITEMS\"", List.of("CODE"), List.of(value));
    }

    private static RowKey order(String value) {
        return new RowKey("\"OE\".\"ORDERS\"", List.of("ID"), List.of(value));
    }
}
