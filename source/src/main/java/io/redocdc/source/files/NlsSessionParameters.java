package io.redocdc.source.files;

import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.model.NlsFormats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code nls_session_parameters.csv} of a redo directory: the NLS settings its SQL_REDO literals were printed
 * under, as rows of Oracle's NLS_SESSION_PARAMETERS view (columns PARAMETER, VALUE; Oracle Database
 * Reference), so those two columns of that view, spooled from the mining session with {@code SET MARKUP CSV ON},
 * make a valid file. Rows NLS_DATE_FORMAT, NLS_TIMESTAMP_FORMAT and
 * NLS_TIMESTAMP_TZ_FORMAT are required; NLS_NUMERIC_CHARACTERS defaults to {@code .,}; a TIME_ZONE row (the
 * session's SESSIONTIMEZONE, not in that view) says which zone TIMESTAMP WITH LOCAL TIME ZONE values are in;
 * other rows are ignored.
 */
public final class NlsSessionParameters {

    public static final String FILE = "nls_session_parameters.csv";

    private NlsSessionParameters() {
    }

    /** The directory's declaration, or empty when it has none. */
    public static Optional<NlsFormats> read(Path redoDirectory) {
        Path file = redoDirectory.resolve(FILE);
        Optional<List<DeclarationCsv.Row>> rows = DeclarationCsv.read(file, "PARAMETER");
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> values = new HashMap<>();
        rows.get().forEach(row -> values.put(row.name(), row.value()));
        try {
            return Optional.of(new NlsFormats(required(values, "NLS_DATE_FORMAT", file),
                    required(values, "NLS_TIMESTAMP_FORMAT", file), required(values, "NLS_TIMESTAMP_TZ_FORMAT", file),
                    values.getOrDefault("NLS_NUMERIC_CHARACTERS", ".,"), values.get("TIME_ZONE")));
        } catch (IllegalArgumentException e) {
            throw new RedoInputException(file + ": " + e.getMessage());
        }
    }

    /** Writes the declaration (temporary file, fsync, atomic rename). */
    public static void write(Path redoDirectory, NlsFormats formats) throws IOException {
        Map<String, String> rows = new LinkedHashMap<>();
        rows.put("NLS_DATE_FORMAT", formats.dateFormat());
        rows.put("NLS_TIMESTAMP_FORMAT", formats.timestampFormat());
        rows.put("NLS_TIMESTAMP_TZ_FORMAT", formats.timestampTzFormat());
        rows.put("NLS_NUMERIC_CHARACTERS", formats.numericCharacters());
        if (formats.timeZone() != null) {
            rows.put("TIME_ZONE", formats.timeZone());
        }
        DeclarationCsv.write(redoDirectory.resolve(FILE), "PARAMETER", rows);
    }

    private static String required(Map<String, String> values, String parameter, Path file) {
        String value = values.get(parameter);
        if (value == null || value.isBlank()) {
            throw new RedoInputException(file + ": expected a row " + parameter + " (the NLS settings the rows "
                    + "were mined with)");
        }
        return value;
    }
}
