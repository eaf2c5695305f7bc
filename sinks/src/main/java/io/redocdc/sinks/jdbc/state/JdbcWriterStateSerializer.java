package io.redocdc.sinks.jdbc.state;

import io.redocdc.operators.lcr.Lcr;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * Versioned serializer of {@link JdbcWriterState}: the LCR count, then each LCR in {@link LcrCodec}'s form of the
 * same version. Version 2 (LCRs with their container) writes; versions 1 and 2 read.
 */
public final class JdbcWriterStateSerializer implements SimpleVersionedSerializer<JdbcWriterState> {

    public static final int VERSION_1 = 1;
    public static final int VERSION_2 = 2;

    @Override
    public int getVersion() {
        return VERSION_2;
    }

    @Override
    public byte[] serialize(JdbcWriterState state) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(state.openTransaction().size());
            for (Lcr lcr : state.openTransaction()) {
                LcrCodec.write(lcr, out);
            }
        }
        return bytes.toByteArray();
    }

    @Override
    public JdbcWriterState deserialize(int version, byte[] serialized) throws IOException {
        if (version != VERSION_1 && version != VERSION_2) {
            throw new IOException("JDBC sink writer state version " + version + " is unknown; this build reads "
                    + "versions " + VERSION_1 + " and " + VERSION_2 + " (was the savepoint taken by a newer build?)");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
            int count = in.readInt();
            List<Lcr> lcrs = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                lcrs.add(LcrCodec.read(in, version));
            }
            if (in.read() != -1) {
                throw new IOException("JDBC sink writer state (version " + version + ") has bytes after its " + count
                        + " LCRs");
            }
            return new JdbcWriterState(lcrs);
        }
    }
}
