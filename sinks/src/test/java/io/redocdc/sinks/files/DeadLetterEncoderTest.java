package io.redocdc.sinks.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.redocdc.operators.txn.DeadLetter;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class DeadLetterEncoderTest {

    @Test
    void writesOneJsonObjectPerLetterAndKeepsTheStreamOpen() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DeadLetterFileSink.DeadLetterEncoder encoder = new DeadLetterFileSink.DeadLetterEncoder();
        encoder.encode(new DeadLetter("log 1_7_99 line 12", "0A000C003C020000", 1234,
                "insert into \"OE\".\"T\"(\"A\") values (BOGUS('é'))", "unknown value form at 35"), out);
        encoder.encode(new DeadLetter("log 1_7_99 line 13", "0A000C003C020000", 1235, "x", "y"), out);

        String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
        assertThat(lines).containsExactly(
                "{\"origin\":\"log 1_7_99 line 12\",\"xid\":\"0A000C003C020000\",\"scn\":1234,"
                        + "\"statement\":\"insert into \\\"OE\\\".\\\"T\\\"(\\\"A\\\") values (BOGUS('é'))\","
                        + "\"error\":\"unknown value form at 35\"}",
                "{\"origin\":\"log 1_7_99 line 13\",\"xid\":\"0A000C003C020000\",\"scn\":1235,"
                        + "\"statement\":\"x\",\"error\":\"y\"}");
    }
}
