package io.redocdc.sinks.jdbc.apply;

import io.redocdc.common.jdbc.SqlErrors;
import io.redocdc.operators.lcr.Lcr;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import java.sql.SQLException;

/** A conflict under policy ERROR: an UPDATE or DELETE matched no row, or an INSERT hit an existing key. */
public final class ApplyConflictException extends SQLException {

    private static final long serialVersionUID = 1L;
    /** SQLState of conflicts (class 23, integrity constraint violation). */
    public static final String SQL_STATE = "23000";

    ApplyConflictException(RowStatement row, SQLException cause) {
        super(message(row, cause), SQL_STATE, cause);
    }

    private static String message(RowStatement row, SQLException cause) {
        Lcr lcr = row.row().lcr();
        String what = cause == null ? lcr.command() + " matched no row" : "INSERT hit an existing key ("
                + SqlErrors.describe(cause) + ")";
        return "conflict on " + lcr.qualifiedTable() + " (target " + row.row().table() + "): " + what
                + " at position " + lcr.position() + "; conflict policy is error (set "
                + JdbcSinkOptions.CONFLICT_PREFIX + lcr.qualifiedTable() + " to resolve such conflicts)";
    }
}
