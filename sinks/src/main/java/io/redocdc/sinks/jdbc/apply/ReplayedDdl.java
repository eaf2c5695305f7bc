package io.redocdc.sinks.jdbc.apply;

import io.redocdc.common.jdbc.SqlErrors;
import io.redocdc.sinks.jdbc.dialect.JdbcDialect;
import java.sql.SQLException;
import java.util.Locale;

/**
 * When an executed DDL ({@code sink.ddl=execute}) that fails may be taken as applied.
 *
 * <p>Oracle commits implicitly before and after every DDL statement, so a DDL and the record of its applied
 * position cannot share a target transaction. The writers make the window as small as they can: everything before
 * the DDL's transaction is committed with its position first, the DDL runs alone, its position is recorded and
 * committed right after, and nothing after it starts before that. A crash inside the window leaves the DDL's effect
 * without its position, and then, and only then, the DDL's transaction is the first one a restarted writer applies.
 * So a DDL that fails as the first transaction after a start because its effect is already there (the dialect's
 * "already exists" errors, or "does not exist" for a DROP: Oracle ORA-00955, ORA-01430, ORA-00942) is taken as
 * applied, with a warning; anywhere else the same error is a real failure and follows {@code sink.on-error}.
 *
 * <p>What this cannot tell: whether the object that exists is the one the DDL made (someone may have created it on
 * the target while the job was down). The warning names the DDL so that an operator can check.
 */
public final class ReplayedDdl {

    private ReplayedDdl() {
    }

    /** True when {@code failure} of {@code ddlText} says the DDL's effect is already on the target. */
    static boolean foundApplied(JdbcDialect dialect, String ddlText, SQLException failure) {
        boolean drop = ddlText != null && ddlText.stripLeading().toUpperCase(Locale.ROOT).startsWith("DROP");
        return SqlErrors.chain(failure).stream().anyMatch(e -> dialect.saysDdlAlreadyApplied(e, drop));
    }
}
