package io.redocdc.operators.parser;

import io.redocdc.operators.lcr.ColumnValue;
import java.util.List;

/**
 * The LOB or XMLType column a LOB or XML row writes, and the row: {@code select "COL" into loc_c from "O"."T"
 * where <non-LOB columns> for update} (SEL_LOB_LOCATOR, and each 23ai LOB_WRITE/LOB_TRIM/LOB_ERASE block), or
 * {@code XML DOC BEGIN:  select "COL" from "O"."T" where ...}.
 *
 * @param where the row's column conditions, as in a WHERE clause ({@code IS NULL} gives NULL)
 */
public record LobLocator(String owner, String table, String column, LobType type, List<ColumnValue> where) {

    /** What the column holds, from the locator variable's declared type (or its name: loc_c, loc_nc, loc_b). */
    public enum LobType {
        CLOB, NCLOB, BLOB, XML;

        /** Text LOBs count offsets and amounts in characters (code points), BLOBs in bytes. */
        public boolean isBinary() {
            return this == BLOB;
        }
    }
}
