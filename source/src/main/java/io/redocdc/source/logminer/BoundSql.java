package io.redocdc.source.logminer;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** SQL text with '?' placeholders and the values bound to them, in order. */
record BoundSql(String text, List<Object> binds) {

    BoundSql {
        binds = List.copyOf(binds);
    }

    static BoundSql of(String text, Object... binds) {
        return new BoundSql(text, List.of(binds));
    }

    /** Binds the values from parameter {@code first} on; returns the next free parameter index. */
    int bindTo(PreparedStatement statement, int first) throws SQLException {
        int index = first;
        for (Object value : binds) {
            statement.setObject(index++, value);
        }
        return index;
    }

    /** Parts joined with {@code separator}, their binds concatenated in order. */
    static BoundSql join(String separator, List<BoundSql> parts) {
        StringBuilder text = new StringBuilder();
        List<Object> binds = new ArrayList<>();
        for (BoundSql part : parts) {
            if (!text.isEmpty()) {
                text.append(separator);
            }
            text.append(part.text);
            binds.addAll(part.binds);
        }
        return new BoundSql(text.toString(), binds);
    }
}
