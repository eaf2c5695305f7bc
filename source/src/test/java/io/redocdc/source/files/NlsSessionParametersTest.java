package io.redocdc.source.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.model.NlsFormats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** nls_session_parameters.csv: rows of Oracle's NLS_SESSION_PARAMETERS (PARAMETER, VALUE; Database Reference). */
class NlsSessionParametersTest {

    @TempDir
    Path dir;

    @Test
    void roundTripsAndIsAbsentUntilWritten() throws IOException {
        assertThat(NlsSessionParameters.read(dir)).isEmpty();
        NlsSessionParameters.write(dir, NlsFormats.MINING_SESSION);
        assertThat(Files.readString(dir.resolve(NlsSessionParameters.FILE))).isEqualTo("""
                "PARAMETER","VALUE"
                "NLS_DATE_FORMAT","YYYY-MM-DD HH24:MI:SS"
                "NLS_TIMESTAMP_FORMAT","YYYY-MM-DD HH24:MI:SS.FF9"
                "NLS_TIMESTAMP_TZ_FORMAT","YYYY-MM-DD HH24:MI:SS.FF9 TZH:TZM"
                "NLS_NUMERIC_CHARACTERS",".,"
                "TIME_ZONE","+00:00"
                """);
        assertThat(NlsSessionParameters.read(dir)).contains(NlsFormats.MINING_SESSION);
        NlsSessionParameters.write(dir, NlsFormats.ORACLE_DEFAULT);
        assertThat(NlsSessionParameters.read(dir)).contains(NlsFormats.ORACLE_DEFAULT);
    }

    @Test
    void readsTheWholeViewAsSqlPlusSpoolsIt() throws IOException {
        Files.writeString(dir.resolve(NlsSessionParameters.FILE), """
                "PARAMETER","VALUE"
                "NLS_LANGUAGE","AMERICAN"
                "NLS_TERRITORY","AMERICA"
                "NLS_NUMERIC_CHARACTERS",".,"
                "NLS_DATE_FORMAT","DD-MON-RR"
                "NLS_DATE_LANGUAGE","AMERICAN"
                "NLS_TIMESTAMP_FORMAT","DD-MON-RR HH.MI.SSXFF AM"
                "NLS_TIMESTAMP_TZ_FORMAT","DD-MON-RR HH.MI.SSXFF AM TZR"
                """);
        assertThat(NlsSessionParameters.read(dir)).contains(NlsFormats.ORACLE_DEFAULT);
    }

    @Test
    void aDeclarationWithoutARequiredRowNamesFileAndRow() throws IOException {
        Files.writeString(dir.resolve(NlsSessionParameters.FILE), "PARAMETER,VALUE\nNLS_DATE_FORMAT,DD-MON-RR\n");
        assertThatThrownBy(() -> NlsSessionParameters.read(dir))
                .isInstanceOf(RedoInputException.class)
                .hasMessageContaining(dir.resolve(NlsSessionParameters.FILE) + ": expected a row NLS_TIMESTAMP_FORMAT");
        Files.writeString(dir.resolve(NlsSessionParameters.FILE), "NAME,VALUE\n");
        assertThatThrownBy(() -> NlsSessionParameters.read(dir))
                .isInstanceOf(RedoInputException.class)
                .hasMessageContaining("line 1: expected the header PARAMETER,VALUE");
    }

    @Test
    void aWriterRefusesADirectoryDeclaredOtherwise() throws IOException {
        try (RedoDirectoryWriter writer = RedoDirectoryWriter.open(dir, false)) {
            writer.declareNls(NlsFormats.ORACLE_DEFAULT);
            writer.declareNls(NlsFormats.ORACLE_DEFAULT);
            assertThatThrownBy(() -> writer.declareNls(NlsFormats.MINING_SESSION))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("declares other NLS settings in nls_session_parameters.csv");
        }
    }
}
