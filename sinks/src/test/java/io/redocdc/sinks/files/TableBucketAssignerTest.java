package io.redocdc.sinks.files;

import static io.redocdc.sinks.files.TestLcrs.insert;
import static io.redocdc.sinks.files.TestLcrs.str;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TableBucketAssignerTest {

    @Test
    void bucketIsOwnerDotTable() {
        assertThat(new TableBucketAssigner().getBucketId(insert(1240, 0, 1, 1234, str("ID", "1")), null))
                .isEqualTo("OE.ORDERS");
    }

    @Test
    void quotedNamesCannotEscapeTheDataDirectory() {
        assertThat(TableBucketAssigner.bucketId("OE.A/../B")).isEqualTo("OE.A_.._B");
        assertThat(TableBucketAssigner.bucketId("OE.C:\\D\n")).isEqualTo("OE.C__D_");
        assertThat(TableBucketAssigner.bucketId("OE.ÄRGER$1#")).isEqualTo("OE.ÄRGER$1#");
    }
}
