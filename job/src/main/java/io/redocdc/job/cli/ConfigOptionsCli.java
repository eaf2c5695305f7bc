package io.redocdc.job.cli;

import io.redocdc.common.options.OptionDoc;
import io.redocdc.job.options.JobOptionsReader;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.flink.configuration.Configuration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * A command's options made from their ConfigOption definitions: name, placeholder and help text come from there,
 * and the values stay text, read by the same typed path as --config files and SQL tables
 * ({@link JobOptionsReader}). A list option is repeatable; in a file its values are separated by {@code ;}.
 */
final class ConfigOptionsCli {

    private ConfigOptionsCli() {
    }

    /** Adds one option per definition, in their order, before the command's own (annotated) options. */
    static void addOptions(CommandSpec spec, List<OptionDoc> docs) {
        int order = 0;
        for (OptionDoc doc : docs) {
            OptionSpec.Builder option = OptionSpec.builder(doc.cliName()).paramLabel(doc.valueLabel())
                    .description(help(doc).replace("%", "%%")).order(order++);
            if (doc.isList()) {
                option.type(List.class).auxiliaryTypes(String.class).splitRegex(";");
            } else if (doc.isFlag()) {
                option.type(String.class).arity("0..1").fallbackValue("true");
            } else {
                option.type(String.class).arity("1");
            }
            spec.addOption(option.build());
        }
    }

    /** The help text of an option: its description and default, without markdown. */
    static String help(OptionDoc doc) {
        String meaning = doc.plainMeaning();
        return meaning.substring(0, 1).toUpperCase(Locale.ROOT) + meaning.substring(1) + ". Default: "
                + OptionDoc.plain(doc.defaultDescription()) + ".";
    }

    /**
     * The values given on the command line or by its default provider (the --config file), as text; list values
     * joined by {@code ;}.
     */
    static Configuration configuration(CommandSpec spec, List<OptionDoc> docs) {
        Map<String, String> values = new LinkedHashMap<>();
        for (OptionDoc doc : docs) {
            Object value = spec.findOption(doc.cliName()).getValue();
            if (value instanceof List<?> list) {
                if (!list.isEmpty()) {
                    values.put(doc.key(), String.join(";", list.stream().map(String::valueOf).toList()));
                }
            } else if (value != null) {
                values.put(doc.key(), value.toString());
            }
        }
        return JobOptionsReader.configuration(values);
    }

    /** Where a key's value came from: the config file, when the command line did not give the option. */
    static UnaryOperator<String> origin(CommandSpec spec, Configuration values, Path configFile) {
        return key -> {
            ParseResult parsed = spec.commandLine().getParseResult();
            boolean fromFile = configFile != null && values.containsKey(key)
                    && (parsed == null || !parsed.hasMatchedOption("--" + key));
            return fromFile ? "key " + key + " in " + configFile : null;
        };
    }
}
