package io.redocdc.sinks.jdbc.target;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import org.junit.jupiter.api.Test;

class TableMappingTest {

    private final TableMapping mapping = new TableMapping(JdbcSinkOptions.builder().jdbcUrl("jdbc:h2:mem:m")
            .mapTable("OE.ORDERS", "APP.ORDERS2").mapTable("OE.*", "REPL.*")
            .mapColumn("OE.ORDERS.NOTE", "remark").dropColumn("OE.ORDERS.SECRET")
            .primaryKey("OE.ORDERS", "ID", "NOTE").build());

    @Test
    void mapsExactThenWildcardThenKeepsNames() {
        assertThat(mapping.target("OE", "ORDERS")).isEqualTo(new TargetTable("APP", "ORDERS2"));
        assertThat(mapping.target("OE", "ITEMS")).isEqualTo(new TargetTable("REPL", "ITEMS"));
        assertThat(mapping.target("HR", "EMP")).isEqualTo(new TargetTable("HR", "EMP"));
    }

    @Test
    void renamesAndDropsColumns() {
        assertThat(mapping.targetColumn("OE", "ORDERS", "NOTE")).isEqualTo("remark");
        assertThat(mapping.targetColumn("OE", "ORDERS", "SECRET")).isNull();
        assertThat(mapping.targetColumn("OE", "ITEMS", "NOTE")).isEqualTo("NOTE");
        assertThat(mapping.configuredKey("OE", "ORDERS")).containsExactly("ID", "remark");
        assertThat(mapping.configuredKey("OE", "ITEMS")).isEmpty();
    }
}
