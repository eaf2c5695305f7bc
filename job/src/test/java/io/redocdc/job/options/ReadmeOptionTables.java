package io.redocdc.job.options;

import io.redocdc.common.options.OptionDoc;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Generates the README's option tables from the ConfigOption definitions, between the markers
 * {@code <!-- options:NAME:begin -->} and {@code <!-- options:NAME:end -->}. Run {@code main} (or
 * ReadmeOptionTablesTest with -Dreadme.update=true) after changing an option.
 */
final class ReadmeOptionTables {

    /** The README, from the job module's directory (where Maven runs the tests). */
    static final Path README = Path.of("..", "README.md");

    private ReadmeOptionTables() {
    }

    /** The tables by marker name. */
    static Map<String, String> tables() {
        Map<String, String> tables = new LinkedHashMap<>();
        List<String> run = rows(RunOptions.runTable());
        run.add("| `" + RunOptions.CONFIG_OPTION + " " + RunOptions.CONFIG_LABEL + "` | none | "
                + RunOptions.CONFIG_MEANING + " |");
        run.addAll(rows(RunOptions.tail()));
        tables.put("run", table(run));
        tables.put("oracle", table(rows(RunOptions.oracleTable())));
        tables.put("jdbc", table(rows(RunOptions.jdbcTable())));
        return tables;
    }

    /** {@code readme} with every marked table replaced by the generated one. */
    static String regenerate(String readme) {
        String text = readme;
        for (Map.Entry<String, String> table : tables().entrySet()) {
            String begin = "<!-- options:" + table.getKey() + ":begin -->\n";
            String end = "<!-- options:" + table.getKey() + ":end -->";
            int from = text.indexOf(begin);
            int to = text.indexOf(end);
            if (from < 0 || to < from) {
                throw new IllegalStateException("README.md has no region " + begin.trim() + " ... " + end);
            }
            text = text.substring(0, from + begin.length()) + table.getValue() + text.substring(to);
        }
        return text;
    }

    public static void main(String[] args) throws IOException {
        Path readme = args.length > 0 ? Path.of(args[0]) : README;
        Files.writeString(readme, regenerate(Files.readString(readme)));
    }

    private static String table(List<String> rows) {
        StringBuilder table = new StringBuilder("| option | default | meaning |\n|---|---|---|\n");
        rows.forEach(row -> table.append(row).append('\n'));
        return table.toString();
    }

    private static List<String> rows(List<OptionDoc> docs) {
        List<String> rows = new ArrayList<>();
        for (OptionDoc doc : docs) {
            String label = doc.valueLabel().replace("|", "\\|");
            rows.add("| `" + doc.cliName() + " " + (doc.isFlag() ? "[" + label + "]" : label) + "` | "
                    + doc.defaultDescription() + " | " + doc.meaning() + " |");
        }
        return rows;
    }
}
