package io.redocdc.job.cli;

import io.redocdc.sinks.files.FileFormat;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Accepts the format names Flink SQL uses: ogg-json, debezium-json. */
public final class FileFormatConverter implements ITypeConverter<FileFormat> {

    @Override
    public FileFormat convert(String value) {
        for (FileFormat format : FileFormat.values()) {
            if (format.displayName().equalsIgnoreCase(value) || format.name().equalsIgnoreCase(value)) {
                return format;
            }
        }
        throw new TypeConversionException("'" + value + "' is not a format (expected ogg-json or debezium-json)");
    }
}
