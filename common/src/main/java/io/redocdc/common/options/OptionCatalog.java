package io.redocdc.common.options;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.configuration.ConfigOption;

/**
 * The options one module defines, in the order help and README list them. Each definition is one statement,
 * {@code X = CATALOG.add(ConfigOptions.key(...)...withDescription(...), label, defaultText)}, so the key, type,
 * default, description and display text of an option live in one place.
 */
public final class OptionCatalog {

    private final List<OptionDoc> docs = new ArrayList<>();

    /** Adds an option whose placeholder and default text follow from its type and default value. */
    public <T> ConfigOption<T> add(ConfigOption<T> option) {
        return add(option, null, null);
    }

    /** Adds an option; null label or default text are derived (see {@link OptionDoc}). */
    public <T> ConfigOption<T> add(ConfigOption<T> option, String label, String defaultText) {
        docs.add(new OptionDoc(option, label, defaultText));
        return option;
    }

    public List<OptionDoc> docs() {
        return List.copyOf(docs);
    }

    public Set<ConfigOption<?>> options() {
        Set<ConfigOption<?>> options = new LinkedHashSet<>();
        docs.forEach(doc -> options.add(doc.option()));
        return options;
    }
}
