package io.redocdc.sinks.jdbc.errors;

import static io.redocdc.sinks.jdbc.testing.Transactions.image;
import static io.redocdc.sinks.jdbc.testing.Transactions.nul;
import static io.redocdc.sinks.jdbc.testing.Transactions.txn;
import static io.redocdc.sinks.jdbc.testing.Transactions.typed;
import static io.redocdc.sinks.jdbc.testing.Transactions.v;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.operators.lcr.ValueKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class LcrJsonTest {

    @Test
    void roundTripsEveryField() {
        List<Lcr> lcrs = txn(100)
                .update("T", image(v("ID", "1"), nul("N"), typed("U", ValueKind.UNSUPPORTED, null)),
                        image(v("ID", "1"), typed("N", ValueKind.TIMESTAMP_TZ, "2026-03-29 01:30:00.5 +05:30")))
                .ddl("T", "alter table \"T\" add (x varchar2(5) default 'a\"b')").build();
        for (Lcr lcr : lcrs) {
            assertThat(LcrJson.read(LcrJson.write(lcr))).usingRecursiveComparison().isEqualTo(lcr);
        }
        assertThat(LcrJson.write(lcrs.get(0))).contains("\"command\":\"UPDATE\"").contains("\"kind\":\"TIMESTAMP_TZ\"");
    }

    @Test
    void keepsTheContainerAndReadsRowsWrittenBeforeItExisted() {
        Lcr lcr = txn(100).insert("T", v("ID", "1")).build().get(0);
        Lcr inPdb = new Lcr(lcr.sourceDatabase(), "ORCLPDB1", lcr.owner(), lcr.table(), lcr.command(), lcr.xid(),
                lcr.scn(), lcr.commitScn(), lcr.thread(), lcr.rsId(), lcr.ssn(), lcr.sourceTime(), lcr.oldValues(),
                lcr.newValues(), lcr.ddlText(), lcr.ordinal(), lcr.lastInTransaction(), lcr.position());
        assertThat(LcrJson.read(LcrJson.write(inPdb)).container()).isEqualTo("ORCLPDB1");

        // LCR_JSON as the build before containers wrote it into the error table
        String previousBuild = LcrJson.write(lcr).replace("\"container\":null,", "");
        assertThat(previousBuild).doesNotContain("container");
        assertThat(LcrJson.read(previousBuild)).usingRecursiveComparison().isEqualTo(lcr);
    }

    @Test
    void rejectsWhatIsNotAnLcr() {
        assertThatThrownBy(() -> LcrJson.read("{\"owner\":\"OE\"}")).hasMessageContaining("LCR_JSON");
    }
}
