package io.redocdc.tools.simulate;

/** One column of a simulated table: name, declared type as tables.json shows it, literal kind and content. */
record Column(String name, String sqlType, ColumnType type, boolean nullable, Domain domain) {

    static Column notNull(String name, String sqlType, Domain domain) {
        return new Column(name, sqlType, typeOf(sqlType), false, domain);
    }

    static Column nullable(String name, String sqlType, Domain domain) {
        return new Column(name, sqlType, typeOf(sqlType), true, domain);
    }

    private static ColumnType typeOf(String sqlType) {
        String base = sqlType.contains("(") ? sqlType.substring(0, sqlType.indexOf('(')) : sqlType;
        return ColumnType.valueOf(base);
    }
}
