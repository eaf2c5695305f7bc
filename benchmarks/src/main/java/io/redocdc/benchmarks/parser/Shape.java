package io.redocdc.benchmarks.parser;

import java.util.List;
import java.util.Map;

/**
 * One SQL_REDO statement and what a correct parse of it yields.
 *
 * @param sql     the SQL_REDO text
 * @param owner   schema of the statement's table
 * @param table   the statement's table
 * @param columns the table's columns in order (Debezium's parser needs the table to place values)
 * @param values  INSERT values or UPDATE SET values, column to text, in statement order
 * @param where   UPDATE or DELETE WHERE conditions, column to text, in statement order
 */
record Shape(String sql, String owner, String table, List<String> columns,
             Map<String, String> values, Map<String, String> where) {
}
