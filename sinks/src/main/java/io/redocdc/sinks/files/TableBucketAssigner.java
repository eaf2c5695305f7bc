package io.redocdc.sinks.files;

import io.redocdc.operators.lcr.Lcr;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.streaming.api.functions.sink.filesystem.BucketAssigner;
import org.apache.flink.streaming.api.functions.sink.filesystem.bucketassigners.SimpleVersionedStringSerializer;

/**
 * One bucket (sub-directory) per table, named {@code OWNER.TABLE}, so that a Flink SQL filesystem table can
 * point at one table's directory. Characters that would change the path ({@code / \ :}) become {@code _}.
 */
final class TableBucketAssigner implements BucketAssigner<Lcr, String> {

    private static final long serialVersionUID = 1L;

    @Override
    public String getBucketId(Lcr lcr, Context context) {
        if (lcr.owner() == null || lcr.table() == null) {
            throw new IllegalArgumentException("row LCR at position " + lcr.position()
                    + " has no owner or table name: " + lcr.qualifiedTable());
        }
        return bucketId(lcr.qualifiedTable());
    }

    static String bucketId(String qualifiedTable) {
        StringBuilder id = new StringBuilder(qualifiedTable.length());
        for (int i = 0; i < qualifiedTable.length(); i++) {
            char c = qualifiedTable.charAt(i);
            id.append(c == '/' || c == '\\' || c == ':' || Character.isISOControl(c) ? '_' : c);
        }
        return id.toString();
    }

    @Override
    public SimpleVersionedSerializer<String> getSerializer() {
        return SimpleVersionedStringSerializer.INSTANCE;
    }

    @Override
    public String toString() {
        return "TableBucketAssigner(OWNER.TABLE)";
    }
}
