package io.redocdc.job.faults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/** The checkpoints a job retained under {@code --checkpoint.dir}, as an operator picks one after a crash. */
public final class RetainedCheckpoints {

    private RetainedCheckpoints() {
    }

    /** The newest complete checkpoint ({@code <job>/chk-N} with its _metadata) of any earlier run, if any. */
    public static Optional<Path> newest(Path checkpointDir) throws IOException {
        if (!Files.isDirectory(checkpointDir)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.walk(checkpointDir, 3)) {
            return files.filter(file -> file.getFileName().toString().equals("_metadata"))
                    .filter(file -> file.getParent().getFileName().toString().startsWith("chk-"))
                    .max(Comparator.comparingLong(file -> file.toFile().lastModified())).map(Path::getParent);
        }
    }
}
