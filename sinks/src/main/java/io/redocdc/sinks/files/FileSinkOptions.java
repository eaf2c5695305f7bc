package io.redocdc.sinks.files;

import org.apache.flink.core.fs.Path;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Options of the change file sink.
 *
 * @param directory        base directory (any Flink file system URI); data goes to {@code <directory>/data/<OWNER.TABLE>/},
 *                         DDL to {@code <directory>/ddl/}
 * @param format           data file format
 * @param primaryKeys      key columns by {@code OWNER.TABLE}, written as ogg-json's primary_keys ({@code []} for
 *                         tables not listed)
 * @param maxPartSizeBytes a part file is rolled once it reaches this size (and on every checkpoint)
 */
public record FileSinkOptions(
        String directory,
        FileFormat format,
        Map<String, List<String>> primaryKeys,
        long maxPartSizeBytes) implements Serializable {

    public static final long DEFAULT_MAX_PART_SIZE_BYTES = 128L * 1024 * 1024;

    public FileSinkOptions {
        if (directory == null || directory.isBlank()) {
            throw new IllegalArgumentException("file sink option 'directory' is required; got " + directory);
        }
        Objects.requireNonNull(format, "file sink option 'format' is required (OGG_JSON or DEBEZIUM_JSON)");
        if (maxPartSizeBytes <= 0) {
            throw new IllegalArgumentException(
                    "file sink option 'max-part-size' must be positive; got " + maxPartSizeBytes + " bytes");
        }
        primaryKeys = copyPrimaryKeys(primaryKeys);
    }

    public static Builder builder() {
        return new Builder();
    }

    public Path directoryPath() {
        return new Path(directory);
    }

    /**
     * Validated immutable (and serializable) copy of a primary key configuration: keys {@code OWNER.TABLE},
     * column names non-blank; an empty column list means the key is unknown.
     */
    static Map<String, List<String>> copyPrimaryKeys(Map<String, List<String>> primaryKeys) {
        if (primaryKeys == null) {
            return Map.of();
        }
        Map<String, List<String>> copy = new LinkedHashMap<>();
        primaryKeys.forEach((table, columns) -> {
            int dot = table == null ? -1 : table.indexOf('.');
            if (dot <= 0 || dot == table.length() - 1) {
                throw new IllegalArgumentException(
                        "file sink option 'primary-keys': table must be OWNER.TABLE; got " + table);
            }
            if (columns == null || columns.stream().anyMatch(c -> c == null || c.isBlank())) {
                throw new IllegalArgumentException("file sink option 'primary-keys': columns of " + table
                        + " must be a list of non-blank column names; got " + columns);
            }
            copy.put(table, List.copyOf(columns));
        });
        return Map.copyOf(copy);
    }

    /** Builder; {@link #build()} validates. */
    public static final class Builder {
        private String directory;
        private FileFormat format = FileFormat.OGG_JSON;
        private Map<String, List<String>> primaryKeys = Map.of();
        private long maxPartSizeBytes = DEFAULT_MAX_PART_SIZE_BYTES;

        private Builder() {
        }

        public Builder directory(String directory) {
            this.directory = directory;
            return this;
        }

        public Builder directory(Path directory) {
            this.directory = directory == null ? null : directory.toString();
            return this;
        }

        /** Default {@link FileFormat#OGG_JSON}. */
        public Builder format(FileFormat format) {
            this.format = format;
            return this;
        }

        /** Key columns by {@code OWNER.TABLE}; default none. */
        public Builder primaryKeys(Map<String, List<String>> primaryKeys) {
            this.primaryKeys = primaryKeys;
            return this;
        }

        /** Adds the key columns of one table. */
        public Builder primaryKey(String ownerDotTable, String... columns) {
            Map<String, List<String>> merged = new LinkedHashMap<>(primaryKeys == null ? Map.of() : primaryKeys);
            merged.put(ownerDotTable, List.of(columns));
            this.primaryKeys = merged;
            return this;
        }

        /** Default 128 MiB. */
        public Builder maxPartSizeBytes(long maxPartSizeBytes) {
            this.maxPartSizeBytes = maxPartSizeBytes;
            return this;
        }

        public FileSinkOptions build() {
            return new FileSinkOptions(directory, format, primaryKeys, maxPartSizeBytes);
        }
    }
}
