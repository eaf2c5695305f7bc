package io.redocdc.source.model;

/** V$LOGMNR_CONTENTS.OPERATION_CODE values the pipeline distinguishes (see reference/oracle/operation-codes.md). */
public enum OperationCode {
    INTERNAL(0),
    INSERT(1),
    DELETE(2),
    UPDATE(3),
    DDL(5),
    START(6),
    COMMIT(7),
    SELECT_LOB_LOCATOR(9),
    LOB_WRITE(10),
    LOB_TRIM(11),
    SELECT_FOR_UPDATE(25),
    LOB_ERASE_DOCUMENTED(28),
    /** LOB_ERASE as Oracle 23ai really emits it. */
    LOB_ERASE(29),
    MISSING_SCN(34),
    ROLLBACK(36),
    XML_DOC_BEGIN(68),
    XML_DOC_WRITE(70),
    XML_DOC_END(71),
    UNSUPPORTED(255),
    /** Any code not listed above. */
    OTHER(-1);

    private final int code;

    OperationCode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static OperationCode of(int code) {
        for (OperationCode op : values()) {
            if (op.code == code) {
                return op;
            }
        }
        return OTHER;
    }

    public boolean isRowChange() {
        return this == INSERT || this == DELETE || this == UPDATE;
    }

    public boolean endsTransaction() {
        return this == COMMIT || this == ROLLBACK;
    }
}
