package io.redocdc.sinks.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.flink.core.fs.Path;
import org.apache.flink.util.InstantiationUtil;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

class FileSinkOptionsTest {

    @Test
    void defaultsToOggJsonAnd128MiBParts() {
        FileSinkOptions options = FileSinkOptions.builder().directory("/tmp/out").build();

        assertThat(options.format()).isEqualTo(FileFormat.OGG_JSON);
        assertThat(options.maxPartSizeBytes()).isEqualTo(128L * 1024 * 1024);
        assertThat(options.primaryKeys()).isEmpty();
        assertThat(options.directoryPath()).isEqualTo(new Path("/tmp/out"));
    }

    @Test
    void copiesPrimaryKeysAndStaysSerializable() throws Exception {
        List<String> columns = new ArrayList<>(List.of("ID"));
        Map<String, List<String>> keys = new HashMap<>(Map.of("OE.ORDERS", columns));
        FileSinkOptions options = FileSinkOptions.builder()
                .directory(new Path("file:///data/cdc"))
                .format(FileFormat.DEBEZIUM_JSON)
                .primaryKeys(keys)
                .primaryKey("OE.LINES", "ORDER_ID", "LINE_NO")
                .maxPartSizeBytes(1024)
                .build();
        columns.add("NOTE");
        keys.clear();

        assertThat(options.primaryKeys())
                .containsExactlyInAnyOrderEntriesOf(Map.of("OE.ORDERS", List.of("ID"), "OE.LINES", List.of("ORDER_ID", "LINE_NO")));
        assertThat(InstantiationUtil.clone(options)).isEqualTo(options);
        assertThat(options.directory()).isEqualTo("file:/data/cdc");
    }

    @Test
    void buildNamesTheOptionAtFault() {
        assertThatThrownBy(() -> FileSinkOptions.builder().build())
                .hasMessageContaining("'directory'");
        assertThatThrownBy(() -> FileSinkOptions.builder().directory("/x").format(null).build())
                .hasMessageContaining("'format'");
        assertThatThrownBy(() -> FileSinkOptions.builder().directory("/x").maxPartSizeBytes(0).build())
                .hasMessageContaining("'max-part-size'").hasMessageContaining("0");
        assertThatThrownBy(() -> FileSinkOptions.builder().directory("/x").primaryKey("ORDERS", "ID").build())
                .hasMessageContaining("'primary-keys'").hasMessageContaining("OWNER.TABLE").hasMessageContaining("ORDERS");
        assertThatThrownBy(() -> FileSinkOptions.builder().directory("/x").primaryKey("OE.ORDERS", " ").build())
                .hasMessageContaining("'primary-keys'").hasMessageContaining("OE.ORDERS");
    }
}
