package io.redocdc.job.options;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The README's option tables are what the ConfigOption definitions generate, so the two cannot drift. */
class ReadmeOptionTablesTest {

    @Test
    void readmeTablesAreGeneratedFromTheDefinitions() throws Exception {
        String readme = Files.readString(ReadmeOptionTables.README);
        String generated = ReadmeOptionTables.regenerate(readme);
        if (Boolean.getBoolean("readme.update")) {
            Files.writeString(ReadmeOptionTables.README, generated);
            return;
        }
        assertThat(readme).as("README.md's option tables differ from the option definitions; regenerate them with "
                + "nice mvn -o -B -q -pl job -am verify -DskipITs -Dtest=ReadmeOptionTablesTest "
                + "-Dsurefire.failIfNoSpecifiedTests=false -Dreadme.update=true").isEqualTo(generated);
    }

    @Test
    void everyTableNamesItsOptionsAsTheCommandLineSpellsThem() {
        assertThat(ReadmeOptionTables.tables().get("run")).contains("| `--parallelism N` | 2 (on a cluster: "
                + "the cluster's) | parallel log readers and transaction assemblers |")
                .contains("| `--source.bounded [BOOL]` | `false` |").contains("| `--config FILE` | none |");
        assertThat(ReadmeOptionTables.tables().get("jdbc")).contains("| `--sink.on-error continue\\|stop` | "
                + "`continue` |").contains("`--primary-key OWNER.TABLE=COL[,COL]`");
    }
}
