package io.redocdc.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The README's SQL as tests run it: the {@code ```sql} blocks after an HTML comment that names the test, so the
 * README cannot show SQL that no test runs as it stands.
 */
public final class ReadmeSql {

    /** The README, from a module's directory (where Maven runs the tests). */
    public static final Path README = Path.of("").toAbsolutePath().getParent().resolve("README.md");
    private static final Pattern SQL_BLOCK = Pattern.compile("```sql\n(.*?)```", Pattern.DOTALL);
    private static final Pattern STATEMENT_END = Pattern.compile(";\\s*(\n|$)");

    private ReadmeSql() {
    }

    /** The first sql block after {@code marker}. */
    public static String blockAfter(String marker) {
        String text = readme();
        List<String> blocks = blocks(text.substring(start(text, marker)));
        assertThat(blocks).as("a sql block after '%s' in %s", marker, README).isNotEmpty();
        return blocks.get(0);
    }

    /** Every sql block after {@code marker} up to the next heading or the next {@code until}. */
    public static List<String> blocksAfter(String marker, String until) {
        String text = readme();
        int start = start(text, marker);
        int end = text.length();
        for (String next : List.of("\n#", until)) {
            int at = text.indexOf(next, start + marker.length());
            end = at < 0 ? end : Math.min(end, at);
        }
        return blocks(text.substring(start, end));
    }

    /** The statements of a block, without their semicolons and surrounding blanks. */
    public static List<String> statements(String block) {
        return Arrays.stream(STATEMENT_END.split(block)).map(String::strip).filter(sql -> !sql.isEmpty()).toList();
    }

    private static int start(String text, String marker) {
        int start = text.indexOf(marker);
        assertThat(start).as("%s has '%s' before the SQL a test runs", README, marker).isNotNegative();
        return start;
    }

    private static List<String> blocks(String text) {
        List<String> blocks = new ArrayList<>();
        Matcher block = SQL_BLOCK.matcher(text);
        while (block.find()) {
            blocks.add(block.group(1));
        }
        return blocks;
    }

    private static String readme() {
        try {
            return Files.readString(README, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
