package io.redocdc.operators.parser;

import io.redocdc.operators.lcr.ColumnValue;
import java.util.List;

/**
 * A parsed SQL_REDO statement.
 *
 * @param owner  schema, unquoted (null where the statement names no table)
 * @param table  table, unquoted (null where the statement names no table)
 * @param values INSERT: the inserted columns in statement order; UPDATE: the SET columns; XML_REDO: one
 *               STRING value named after nothing (name "") holding the XML text; empty otherwise
 * @param where  UPDATE, DELETE, XML_DOC_BEGIN: the column conditions of the WHERE clause in statement order
 *               ({@code "C" IS NULL} gives a NULL value); a {@code ROWID = '...'} condition is not included
 * @param rowId  the ROWID condition's value when the statement has one, else null
 * @param amount AMOUNT and XML_REDO: the number ({@code amount: N}); -1 otherwise
 * @param locator LOB and XML_DOC_BEGIN: the column and row written, when the text names them (a 19c LOB_WRITE
 *                piece does not: it continues the transaction's last SEL_LOB_LOCATOR); null otherwise
 * @param lobOperations LOB: the DBMS_LOB calls in order; empty otherwise
 */
public record ParsedStatement(
        StatementKind kind,
        String owner,
        String table,
        List<ColumnValue> values,
        List<ColumnValue> where,
        String rowId,
        long amount,
        LobLocator locator,
        List<LobOperation> lobOperations) {

    public ParsedStatement(StatementKind kind, String owner, String table, List<ColumnValue> values,
                           List<ColumnValue> where, String rowId, long amount) {
        this(kind, owner, table, values, where, rowId, amount, null, List.of());
    }
}
