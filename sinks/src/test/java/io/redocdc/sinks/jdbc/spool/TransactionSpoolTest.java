package io.redocdc.sinks.jdbc.spool;

import static io.redocdc.sinks.jdbc.testing.Transactions.txn;
import static io.redocdc.sinks.jdbc.testing.Transactions.v;
import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.sinks.jdbc.testing.Transactions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TransactionSpoolTest {

    @Test
    void spillsBeyondTheMemoryLimitAndKeepsTheOrder(@TempDir Path dir) throws Exception {
        Transactions txn = txn(100);
        for (int i = 0; i < 10; i++) {
            txn.insert("T", v("ID", "" + i), v("NOTE", "x".repeat(i * 100)));
        }
        List<Lcr> lcrs = txn.build();
        try (TransactionSpool spool = new TransactionSpool(3, dir)) {
            for (Lcr lcr : lcrs) {
                spool.add(lcr);
            }
            assertThat(spool.size()).isEqualTo(10);
            assertThat(spool.hasSpilled()).isTrue();
            assertThat(files(dir)).hasSize(1);
            List<Lcr> read = new ArrayList<>();
            spool.forEach(read::add);
            assertThat(read).usingRecursiveFieldByFieldElementComparator().containsExactlyElementsOf(lcrs);

            spool.clear();
            assertThat(spool.isEmpty()).isTrue();
            assertThat(files(dir)).isEmpty();
            spool.add(lcrs.get(0));
            List<Lcr> again = new ArrayList<>();
            spool.forEach(again::add);
            assertThat(again).extracting(Lcr::position).containsExactly(lcrs.get(0).position());
        }
    }

    private static List<Path> files(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.toList();
        }
    }
}
