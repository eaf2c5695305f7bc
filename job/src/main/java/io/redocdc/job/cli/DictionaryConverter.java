package io.redocdc.job.cli;

import io.redocdc.source.logminer.DictionaryMode;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** online-catalog | redo-logs | none, for {@code export --dictionary}. */
public final class DictionaryConverter implements ITypeConverter<DictionaryMode> {

    @Override
    public DictionaryMode convert(String value) {
        try {
            return DictionaryMode.parse(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException("'" + value + "' is not a dictionary mode (expected "
                    + "online-catalog, redo-logs or none)");
        }
    }
}
