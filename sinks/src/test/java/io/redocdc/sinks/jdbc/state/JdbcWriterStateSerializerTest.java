package io.redocdc.sinks.jdbc.state;

import static io.redocdc.sinks.jdbc.testing.Transactions.image;
import static io.redocdc.sinks.jdbc.testing.Transactions.nul;
import static io.redocdc.sinks.jdbc.testing.Transactions.txn;
import static io.redocdc.sinks.jdbc.testing.Transactions.typed;
import static io.redocdc.sinks.jdbc.testing.Transactions.v;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.ValueKind;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class JdbcWriterStateSerializerTest {

    /** Version 1 bytes of {@link #state()}; a reader for them must exist in every later release. */
    private static final String VERSION_1_BYTES = "00000002000000044f52434c000000024f45000000015400000006555044415445000000103041303030433030303030"
            + "3030303634000000000000005a000000000000006400000001000000182030783030303261372e30303030313366352e"
            + "3030653820000000000000000000000013323032362d30312d30312031303a30303a3030000000020000000249440000"
            + "0006535452494e470000000131000000014e000000044e554c4cffffffff000000020000000249440000000653545249"
            + "4e470000000131000000014e000000035241570000000430306666ffffffff00000000000000003c3030303030303030"
            + "303030303030363430303031303030303030326130303030303036343030303030303030303030303030303030303030"
            + "30303561000000044f52434c000000024f4500000001540000000344444c000000103041303030433030303030303030"
            + "3634000000000000005b000000000000006400000001000000182030783030303261372e30303030313366352e303065"
            + "3820000000000000000000000013323032362d30312d30312031303a30303a303000000000000000000000000c64726f"
            + "70207461626c65207400000001010000003c303030303030303030303030303036343030303130303030303032613030"
            + "303030303634303030303030303130303030303030303030303030303562";

    private static JdbcWriterState state() {
        List<Lcr> lcrs = txn(100)
                .update("T", image(v("ID", "1"), nul("N")), image(v("ID", "1"), typed("N", ValueKind.RAW, "00ff")))
                .ddl("T", "drop table t").build();
        return new JdbcWriterState(List.of(lcrs.get(0), lcrs.get(1)));
    }

    /** Version 2 bytes of {@link #stateInPdb()}: version 1 plus each LCR's container after its source database. */
    private static final String VERSION_2_BYTES = "00000002000000044f52434c000000084f52434c50444231000000024f45000000015400000006555044415445000000"
            + "1030413030304330303030303030303634000000000000005a0000000000000064000000010000001820307830303032"
            + "61372e30303030313366352e3030653820000000000000000000000013323032362d30312d30312031303a30303a3030"
            + "0000000200000002494400000006535452494e470000000131000000014e000000044e554c4cffffffff000000020000"
            + "0002494400000006535452494e470000000131000000014e000000035241570000000430306666ffffffff0000000000"
            + "0000003c3030303030303030303030303030363430303031303030303030326130303030303036343030303030303030"
            + "30303030303030303030303030303561000000044f52434c000000084f52434c50444231000000024f45000000015400"
            + "00000344444c0000001030413030304330303030303030303634000000000000005b0000000000000064000000010000"
            + "00182030783030303261372e30303030313366352e3030653820000000000000000000000013323032362d30312d3031"
            + "2031303a30303a303000000000000000000000000c64726f70207461626c65207400000001010000003c303030303030"
            + "303030303030303036343030303130303030303032613030303030303634303030303030303130303030303030303030"
            + "303030303562";

    /** {@link #state()} with its LCRs from PDB ORCLPDB1. */
    private static JdbcWriterState stateInPdb() {
        return new JdbcWriterState(state().openTransaction().stream().map(lcr -> new Lcr(lcr.sourceDatabase(),
                "ORCLPDB1", lcr.owner(), lcr.table(), lcr.command(), lcr.xid(), lcr.scn(), lcr.commitScn(),
                lcr.thread(), lcr.rsId(), lcr.ssn(), lcr.sourceTime(), lcr.oldValues(), lcr.newValues(), lcr.ddlText(),
                lcr.ordinal(), lcr.lastInTransaction(), lcr.position())).toList());
    }

    @Test
    void readsFrozenVersion1BytesWithoutContainers() throws Exception {
        JdbcWriterState read = new JdbcWriterStateSerializer().deserialize(1, HexFormat.of().parseHex(VERSION_1_BYTES));
        assertThat(read.openTransaction()).usingRecursiveFieldByFieldElementComparator()
                .containsExactlyElementsOf(state().openTransaction());
    }

    @Test
    void writesAndReadsFrozenVersion2Bytes() throws Exception {
        JdbcWriterStateSerializer serializer = new JdbcWriterStateSerializer();
        assertThat(serializer.getVersion()).isEqualTo(2);
        assertThat(HexFormat.of().formatHex(serializer.serialize(stateInPdb()))).isEqualTo(VERSION_2_BYTES);
        JdbcWriterState read = serializer.deserialize(2, HexFormat.of().parseHex(VERSION_2_BYTES));
        assertThat(read.openTransaction()).usingRecursiveFieldByFieldElementComparator()
                .containsExactlyElementsOf(stateInPdb().openTransaction());
    }

    @Test
    void roundTripsLongTextAndRejectsUnknownVersions() throws Exception {
        JdbcWriterStateSerializer serializer = new JdbcWriterStateSerializer();
        String clob = "ä".repeat(70_000);
        JdbcWriterState state = new JdbcWriterState(txn(5).insert("T", v("C", clob), nul("D")).build());
        JdbcWriterState read = serializer.deserialize(2, serializer.serialize(state));
        assertThat(read.openTransaction().get(0).newValues()[0].text()).isEqualTo(clob);
        assertThat(read.openTransaction().get(0).lastInTransaction()).isTrue();
        assertThatThrownBy(() -> serializer.deserialize(3, serializer.serialize(state)))
                .hasMessageContaining("version 3").hasMessageContaining("newer build");
    }
}
