package io.redocdc.source.logminer;

import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.OperationCode;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The SQL of one LogMiner session: add the log file(s), start LogMiner with the options of the dictionary mode,
 * select the contents in LogMiner's order, end the session. Never COMMITTED_DATA_ONLY: transactions are assembled
 * downstream, so rows come in redo order, rolled-back and open transactions included.
 */
final class LogMinerQuery {

    static final String ADD_FIRST_LOGFILE =
            "BEGIN DBMS_LOGMNR.ADD_LOGFILE(LOGFILENAME => ?, OPTIONS => DBMS_LOGMNR.NEW); END;";
    static final String ADD_NEXT_LOGFILE =
            "BEGIN DBMS_LOGMNR.ADD_LOGFILE(LOGFILENAME => ?, OPTIONS => DBMS_LOGMNR.ADDFILE); END;";
    static final String END_LOGMNR = "BEGIN DBMS_LOGMNR.END_LOGMNR; END;";

    /** SQL_REDO in the style the parser reads: no "and ROWID = ..." and no trailing ';'. */
    private static final String STATEMENT_STYLE = "DBMS_LOGMNR.NO_ROWID_IN_STMT + DBMS_LOGMNR.NO_SQL_DELIMITER";

    /**
     * Columns of the redo directory contract, in its order (see RedoRecord), then SRC_CON_NAME (12.1 and later, NULL
     * in a non-CDB: views.md).
     */
    static final String COLUMNS = "SCN, TO_CHAR(TIMESTAMP, 'YYYY-MM-DD HH24:MI:SS') AS \"TIMESTAMP\", \"THREAD#\","
            + " RAWTOHEX(XID) AS XID, OPERATION, OPERATION_CODE, ROLLBACK, STATUS, INFO, SEG_OWNER, TABLE_NAME,"
            + " \"DATA_OBJ#\", ROW_ID, RS_ID, SSN, CSF, SQL_REDO, SQL_UNDO, SRC_CON_NAME";

    /** Kept for every transaction, captured or not: the assembler needs every slot's boundaries. */
    static final List<OperationCode> CONTROL = List.of(
            OperationCode.START, OperationCode.COMMIT, OperationCode.ROLLBACK, OperationCode.MISSING_SCN);
    /**
     * Row changes without SEG_OWNER (the assembler decides from SQL_REDO) or of a table LogMiner could not name
     * (UNKNOWN.OBJ# n, BIN$...: it may be a captured table, so the assembler reports it).
     */
    static final List<OperationCode> ROW_CHANGES =
            List.of(OperationCode.INSERT, OperationCode.DELETE, OperationCode.UPDATE);
    /** Kept only for captured tables (their undo rows, ROLLBACK = 1, included). */
    static final List<OperationCode> TABLE_OPERATIONS = List.of(
            OperationCode.INSERT, OperationCode.DELETE, OperationCode.UPDATE, OperationCode.DDL,
            OperationCode.SELECT_LOB_LOCATOR, OperationCode.LOB_WRITE, OperationCode.LOB_TRIM,
            OperationCode.LOB_ERASE_DOCUMENTED, OperationCode.LOB_ERASE, OperationCode.XML_DOC_BEGIN,
            OperationCode.XML_DOC_WRITE, OperationCode.XML_DOC_END, OperationCode.UNSUPPORTED);

    /**
     * INTERNAL rows that end a LOB statement or DBMS_LOB call with the row's real ROWID, kept for captured tables
     * so that the assembler can match the undo row of a rollback to savepoint to the statement it reverses
     * (operators' LobStatementUndo; Debezium's observations on 26ai, debezium/debezium pull request 7472). Not
     * without a dictionary: the table patterns cannot be applied there, and every INTERNAL row would come.
     */
    static final String UNDO_MARKERS = "OPERATION_CODE = " + OperationCode.INTERNAL.code()
            + " AND ROLLBACK = 0 AND ROW_ID <> 'AAAAAAAAAAAAAAAAAA'";

    private LogMinerQuery() {
    }

    static String startLogMiner(DictionaryMode mode) {
        String options = switch (mode) {
            case ONLINE_CATALOG -> "DBMS_LOGMNR.DICT_FROM_ONLINE_CATALOG + " + STATEMENT_STYLE;
            case REDO_LOGS -> "DBMS_LOGMNR.DICT_FROM_REDO_LOGS + DBMS_LOGMNR.DDL_DICT_TRACKING + " + STATEMENT_STYLE;
            case NONE -> STATEMENT_STYLE;
        };
        return "BEGIN DBMS_LOGMNR.START_LOGMNR(OPTIONS => " + options + "); END;";
    }

    /**
     * The contents query of {@code log}. With the dictionary in the redo, the session holds the dictionary logs and
     * the logs up to {@code log} too ({@code severalLogs}): rows are then restricted to {@code log} by THREAD# and
     * RBASQN. Without a dictionary, names are "UNKNOWN"."OBJ# n" and the table patterns cannot be applied. With
     * a PDB, row and table operations are narrowed to its SRC_CON_NAME (a bind variable); control rows are not, as
     * the SRC_CON_ columns "may not always have values returned" (Utilities 12.1, "The V$LOGMNR_CONTENTS View in a
     * CDB") and the assembler needs every transaction's boundaries anyway.
     */
    static BoundSql contents(LogMinerSettings settings, ArchivedLog log, boolean severalLogs) {
        List<BoundSql> inPdb = settings.pdb() == null ? List.of() : List.of(BoundSql.of("SRC_CON_NAME = ?",
                settings.pdb()));
        List<BoundSql> kept = new ArrayList<>();
        kept.add(BoundSql.of("OPERATION_CODE IN (" + codes(CONTROL) + ")"));
        BoundSql unnamed = TablePatterns.unnamed("SEG_OWNER", "TABLE_NAME", settings.include(), settings.exclude());
        kept.add(all(BoundSql.of("OPERATION_CODE IN (" + codes(ROW_CHANGES) + ")"),
                new BoundSql("(SEG_OWNER IS NULL OR " + unnamed.text() + ")", unnamed.binds()), inPdb));
        if (settings.dictionaryMode() == DictionaryMode.NONE) {
            kept.add(BoundSql.of("OPERATION_CODE IN (" + codes(TABLE_OPERATIONS) + ")"));
        } else {
            BoundSql captured = TablePatterns.captured("SEG_OWNER", "TABLE_NAME", settings.include(),
                    settings.exclude());
            kept.add(all(BoundSql.of("OPERATION_CODE IN (" + codes(TABLE_OPERATIONS) + ")"), captured, inPdb));
            kept.add(all(BoundSql.of(UNDO_MARKERS), captured, inPdb));
        }
        BoundSql anyKept = BoundSql.join(" OR ", kept);
        List<BoundSql> where = new ArrayList<>();
        if (severalLogs) {
            where.add(BoundSql.of("\"THREAD#\" = ? AND RBASQN = ?", log.id().thread(), log.id().sequence()));
        }
        where.add(new BoundSql("(" + anyKept.text() + ")", anyKept.binds()));
        BoundSql condition = BoundSql.join(" AND ", where);
        return new BoundSql("SELECT " + COLUMNS + " FROM V$LOGMNR_CONTENTS WHERE " + condition.text(),
                condition.binds());
    }

    /** "(a AND b AND more...)". */
    private static BoundSql all(BoundSql a, BoundSql b, List<BoundSql> more) {
        List<BoundSql> parts = new ArrayList<>(List.of(a, b));
        parts.addAll(more);
        BoundSql joined = BoundSql.join(" AND ", parts);
        return new BoundSql("(" + joined.text() + ")", joined.binds());
    }

    private static String codes(List<OperationCode> ops) {
        return ops.stream().map(op -> Integer.toString(op.code())).collect(Collectors.joining(", "));
    }
}
