package io.redocdc.job.export;

import io.redocdc.source.files.RedoDirectory;
import io.redocdc.source.files.RedoDirectoryWriter;
import io.redocdc.tools.export.ExportSettings;
import io.redocdc.tools.export.ExportStart;
import io.redocdc.tools.export.ExportSummary;
import io.redocdc.tools.export.LogExporter;
import io.redocdc.tools.export.ShowingCatalog;
import io.redocdc.tools.export.StopSignal;
import java.nio.file.Path;

/**
 * {@code export} in a JVM of its own, for {@link KilledExportITCase} to kill: exports every log of a (simulated)
 * redo directory into an export directory, resuming what is there, as {@code redo-cdc export} does from
 * V$ARCHIVED_LOG. A millisecond's pause every {@code args[2]} records stretches the run so kills land mid-log.
 */
public final class ExportChild {

    private ExportChild() {
    }

    public static void main(String[] args) throws Exception {
        RedoDirectory source = new RedoDirectory(Path.of(args[0]));
        long pauseEvery = Long.parseLong(args[2]);
        ShowingCatalog catalog = new ShowingCatalog(source).onRecord((log, index) -> {
            if (index % pauseEvery == 0) {
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        try (RedoDirectoryWriter writer = RedoDirectoryWriter.open(Path.of(args[1]), true)) {
            writer.declareUndoMarkers(); // as export does with a dictionary: the simulated logs keep INTERNAL rows
            ExportSummary summary = new LogExporter(catalog, writer, ExportSettings.once(ExportStart.oldest()),
                    new StopSignal()).run();
            System.out.println("exported " + summary.logs() + " logs, " + summary.rows() + " rows");
        }
    }
}
