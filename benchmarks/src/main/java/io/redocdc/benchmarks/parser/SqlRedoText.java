package io.redocdc.benchmarks.parser;

import java.util.Map;

/** Writes INSERT, UPDATE and DELETE the way LogMiner prints them in SQL_REDO (quoted names, quoted strings). */
final class SqlRedoText {

    private SqlRedoText() {
    }

    /** @param quotes ESCAPED doubles apostrophes inside values as Oracle does; LONE leaves them single */
    static String of(Dml kind, String owner, String table, Map<String, String> values, Map<String, String> where,
                     Quotes quotes) {
        StringBuilder sql = new StringBuilder(64 + 32 * (values.size() + where.size()));
        String name = "\"" + owner + "\".\"" + table + "\"";
        switch (kind) {
            case INSERT -> {
                sql.append("insert into ").append(name).append('(');
                String sep = "";
                for (String column : values.keySet()) {
                    sql.append(sep).append('"').append(column).append('"');
                    sep = ",";
                }
                sql.append(") values (");
                sep = "";
                for (String value : values.values()) {
                    sql.append(sep);
                    literal(sql, value, quotes);
                    sep = ",";
                }
                sql.append(')');
            }
            case UPDATE -> {
                sql.append("update ").append(name).append(" set ");
                String sep = "";
                for (Map.Entry<String, String> set : values.entrySet()) {
                    sql.append(sep).append('"').append(set.getKey()).append("\" = ");
                    literal(sql, set.getValue(), quotes);
                    sep = ", ";
                }
                where(sql, where, quotes);
            }
            case DELETE -> {
                sql.append("delete from ").append(name);
                where(sql, where, quotes);
            }
        }
        return sql.append(';').toString();
    }

    private static void where(StringBuilder sql, Map<String, String> where, Quotes quotes) {
        String sep = " where ";
        for (Map.Entry<String, String> condition : where.entrySet()) {
            sql.append(sep).append('"').append(condition.getKey()).append("\" = ");
            literal(sql, condition.getValue(), quotes);
            sep = " and ";
        }
    }

    private static void literal(StringBuilder sql, String value, Quotes quotes) {
        sql.append('\'').append(quotes == Quotes.LONE ? value : value.replace("'", "''")).append('\'');
    }
}
