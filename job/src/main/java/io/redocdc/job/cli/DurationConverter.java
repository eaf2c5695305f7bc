package io.redocdc.job.cli;

import java.time.Duration;
import org.apache.flink.util.TimeUtils;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads durations the way Flink's configuration does: {@code 500ms}, {@code 10s}, {@code 2min}, {@code 1h}. */
public final class DurationConverter implements ITypeConverter<Duration> {

    @Override
    public Duration convert(String value) {
        try {
            return TimeUtils.parseDuration(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(
                    "'" + value + "' is not a duration (examples: 500ms, 10s, 2min, 1h)");
        }
    }
}
