package io.redocdc.sinks.jdbc.writer;

import io.redocdc.operators.lcr.Lcr;
import io.redocdc.sinks.jdbc.JdbcApplyException;
import io.redocdc.sinks.jdbc.JdbcSinkOptions;
import java.sql.SQLException;

/** Describing a transaction the target rejected, the same way in the serial and the parallel writer. */
final class ApplyFailures {

    private ApplyFailures() {
    }

    /** {@code transaction xid X (commit SCN N) failed on OWNER.TABLE at position P: message}. */
    static String describe(Lcr at, String message) {
        return "transaction xid " + at.xid() + " (commit SCN " + at.commitScn() + ") failed on " + at.qualifiedTable()
                + " at position " + at.position() + ": " + message;
    }

    /** The failure that stops the job under {@code sink.on-error=stop} (thrown wrapped in SuppressRestartsException). */
    static JdbcApplyException stop(String description, SQLException cause) {
        return new JdbcApplyException(description + " (" + JdbcSinkOptions.ON_ERROR + "=stop)", cause);
    }
}
