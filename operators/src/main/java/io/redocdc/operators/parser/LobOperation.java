package io.redocdc.operators.parser;

import io.redocdc.operators.lcr.ColumnValue;

/**
 * One DBMS_LOB call of a LOB_WRITE, LOB_TRIM or LOB_ERASE row. Offsets are 1-based; offsets, amounts and lengths
 * count characters (code points) for CLOB and NCLOB and bytes for BLOB (Oracle Database PL/SQL Packages and Types
 * Reference, DBMS_LOB).
 */
public sealed interface LobOperation {

    /** {@code buf_c := 'text'; dbms_lob.write(loc_c, amount, offset, buf_c);}: data is STRING or RAW. */
    record Write(long amount, long offset, ColumnValue data) implements LobOperation {
    }

    /** {@code dbms_lob.trim(loc_c, length);}. */
    record Trim(long length) implements LobOperation {
    }

    /** {@code e_len := amount; dbms_lob.erase(loc_c, e_len, offset);}: blanks (CLOB) or zero bytes (BLOB). */
    record Erase(long amount, long offset) implements LobOperation {
    }
}
