package io.redocdc.job.pipeline;

import io.redocdc.operators.parser.SqlRedoParser;
import io.redocdc.source.files.NlsSessionParameters;
import io.redocdc.source.model.NlsFormats;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Which NLS settings a job reads SQL_REDO literals with: for Oracle, those the mining session sets; for a redo
 * directory, those it declares ({@link NlsSessionParameters}), else those the {@code --source.nls*} options give,
 * else the mining session's (what export and the simulator wrote before directories declared them).
 */
public final class NlsChoice {

    private NlsChoice() {
    }

    /**
     * @param given the options' settings, or null when none were given
     * @throws IllegalArgumentException when the options contradict the directory's declaration, or the settings
     *                                  cannot be read (a mask element we do not know, a decimal character other
     *                                  than '.')
     */
    public static NlsFormats forDirectory(Path redoDirectory, NlsFormats given) {
        Optional<NlsFormats> declared = NlsSessionParameters.read(redoDirectory);
        if (declared.isPresent() && given != null && !declared.get().equals(given)) {
            throw new IllegalArgumentException("the NLS options (" + given + ") contradict "
                    + redoDirectory.resolve(NlsSessionParameters.FILE) + " (" + declared.get()
                    + "): drop the options, the directory says how it was mined");
        }
        return checked(declared.orElse(given != null ? given : NlsFormats.MINING_SESSION));
    }

    /** Settings the parser can read, and whose numbers are printed with '.' as decimal character. */
    public static NlsFormats checked(NlsFormats formats) {
        if (formats.decimalCharacter() != '.') {
            throw new IllegalArgumentException("NLS_NUMERIC_CHARACTERS '" + formats.numericCharacters() + "' is not "
                    + "supported: SQL_REDO prints numbers as quoted text, so '42" + formats.decimalCharacter()
                    + "5' cannot be told from a string; mine with NLS_NUMERIC_CHARACTERS '.,'");
        }
        new SqlRedoParser(formats);
        return formats;
    }
}
