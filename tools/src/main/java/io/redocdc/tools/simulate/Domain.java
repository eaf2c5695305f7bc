package io.redocdc.tools.simulate;

/** What a column holds, so {@link ValueGenerator} can make plausible values for it. */
enum Domain {
    ID,
    CUSTOMER_REF,
    PRODUCT_REF,
    ORDER_REF,
    LINE_NO,
    PERSON_NAME,
    EMAIL,
    CITY,
    MONEY,
    QUANTITY,
    ORDER_STATUS,
    DAY_TIME,
    INSTANT,
    CHECKSUM,
    FREE_TEXT,
    SKU,
    PRODUCT_NAME,
    EVENT,
    SHORT_NOTE,
    DOC_TITLE,
    /** LOB columns: {@link LobValues} draws them, small or large, per statement. */
    DOC_LOB,
    /** Columns of SYS tables the simulator fills itself. */
    SYSTEM
}
