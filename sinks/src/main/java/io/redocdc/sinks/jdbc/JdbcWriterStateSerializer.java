package io.redocdc.sinks.jdbc;

import io.redocdc.operators.lcr.Lcr;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/** Versioned serializer of {@link JdbcWriterState}. Version 1: LCR count, then each LCR in {@link LcrCodec}. */
public final class JdbcWriterStateSerializer implements SimpleVersionedSerializer<JdbcWriterState> {

    public static final int VERSION_1 = 1;

    @Override
    public int getVersion() {
        return VERSION_1;
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
        if (version != VERSION_1) {
            throw new IOException("JDBC sink writer state version " + version + " is unknown; this build reads "
                    + "version " + VERSION_1);
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized))) {
            int count = in.readInt();
            List<Lcr> lcrs = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                lcrs.add(LcrCodec.read(in));
            }
            if (in.read() != -1) {
                throw new IOException("JDBC sink writer state (version 1) has bytes after its " + count + " LCRs");
            }
            return new JdbcWriterState(lcrs);
        }
    }
}
