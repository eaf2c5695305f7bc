package io.redocdc.tools.simulate;

import static io.redocdc.tools.simulate.Column.notNull;
import static io.redocdc.tools.simulate.Column.nullable;

import java.util.List;

/**
 * The simulated order-entry schema OE (captured) and the SYS table that sequence refreshes update. The workload
 * keeps the foreign keys in commit order as Oracle would enforce them: orders name existing customers, order
 * lines existing orders and products (see {@link References}).
 */
final class OrderEntrySchema {

    static final String OWNER = "OE";

    static final TableDef CUSTOMERS = new TableDef(OWNER, "CUSTOMERS", 73640, 5, 1119, 40, List.of(
            notNull("CUSTOMER_ID", "NUMBER(10)", Domain.ID),
            notNull("NAME", "VARCHAR2(100)", Domain.PERSON_NAME),
            nullable("EMAIL", "VARCHAR2(200)", Domain.EMAIL),
            nullable("CITY", "NVARCHAR2(60)", Domain.CITY),
            notNull("CREDIT_LIMIT", "NUMBER(10,2)", Domain.MONEY),
            notNull("CREATED", "DATE", Domain.DAY_TIME),
            nullable("NOTES", "VARCHAR2(4000)", Domain.FREE_TEXT)),
            List.of("CUSTOMER_ID"));

    static final TableDef PRODUCTS = new TableDef(OWNER, "PRODUCTS", 73642, 5, 2311, 60, List.of(
            notNull("PRODUCT_ID", "NUMBER(10)", Domain.ID),
            notNull("SKU", "VARCHAR2(30)", Domain.SKU),
            notNull("NAME", "NVARCHAR2(100)", Domain.PRODUCT_NAME),
            notNull("PRICE", "NUMBER(10,2)", Domain.MONEY),
            nullable("CHECKSUM", "RAW(16)", Domain.CHECKSUM),
            notNull("UPDATED_AT", "TIMESTAMP(6)", Domain.INSTANT)),
            List.of("PRODUCT_ID"));

    static final TableDef ORDERS = new TableDef(OWNER, "ORDERS", 73644, 6, 403, 50, List.of(
            notNull("ORDER_ID", "NUMBER(12)", Domain.ID),
            notNull("CUSTOMER_ID", "NUMBER(10)", Domain.CUSTOMER_REF),
            notNull("STATUS", "VARCHAR2(20)", Domain.ORDER_STATUS),
            notNull("ORDER_TOTAL", "NUMBER(12,2)", Domain.MONEY),
            notNull("ORDER_DATE", "DATE", Domain.DAY_TIME),
            nullable("SHIPPED_AT", "TIMESTAMP(6)", Domain.INSTANT),
            nullable("COMMENTS", "VARCHAR2(4000)", Domain.FREE_TEXT)),
            List.of("ORDER_ID"),
            List.of(new TableDef.ForeignKey("ORDERS_CUSTOMER_FK", "CUSTOMER_ID", CUSTOMERS)));

    static final TableDef ORDER_ITEMS = new TableDef(OWNER, "ORDER_ITEMS", 73646, 6, 9027, 120, List.of(
            notNull("ORDER_ID", "NUMBER(12)", Domain.ORDER_REF),
            notNull("LINE_NO", "NUMBER(4)", Domain.LINE_NO),
            notNull("PRODUCT_ID", "NUMBER(10)", Domain.PRODUCT_REF),
            notNull("QUANTITY", "NUMBER(6)", Domain.QUANTITY),
            notNull("UNIT_PRICE", "NUMBER(10,2)", Domain.MONEY)),
            List.of("ORDER_ID", "LINE_NO"),
            List.of(new TableDef.ForeignKey("ORDER_ITEMS_ORDER_FK", "ORDER_ID", ORDERS),
                    new TableDef.ForeignKey("ORDER_ITEMS_PRODUCT_FK", "PRODUCT_ID", PRODUCTS)));

    /**
     * Written only by the large transaction. No foreign key to ORDERS: the history keeps the events of orders
     * deleted since (as audit tables do).
     */
    static final TableDef ORDER_HISTORY = new TableDef(OWNER, "ORDER_HISTORY", 73648, 7, 131, 90, List.of(
            notNull("HISTORY_ID", "NUMBER(12)", Domain.ID),
            notNull("ORDER_ID", "NUMBER(12)", Domain.ORDER_REF),
            notNull("EVENT", "VARCHAR2(30)", Domain.EVENT),
            notNull("EVENT_TS", "TIMESTAMP(6)", Domain.INSTANT),
            nullable("NOTE", "VARCHAR2(200)", Domain.SHORT_NOTE)),
            List.of("HISTORY_ID"));

    /** LOB and XMLType values, written by {@link DocumentStatements} in LogMiner's LOB row shapes. */
    static final TableDef DOCUMENTS = new TableDef(OWNER, "DOCUMENTS", 73650, 8, 517, 20, List.of(
            notNull("DOC_ID", "NUMBER(12)", Domain.ID),
            notNull("TITLE", "VARCHAR2(200)", Domain.DOC_TITLE),
            nullable("BODY", "CLOB", Domain.DOC_LOB),
            nullable("SUMMARY", "NCLOB", Domain.DOC_LOB),
            nullable("ATTACHMENT", "BLOB", Domain.DOC_LOB),
            nullable("META", "XMLTYPE", Domain.DOC_LOB)),
            List.of("DOC_ID"));

    /** The captured tables, in the order tables.json lists them. */
    static final List<TableDef> CAPTURED = List.of(CUSTOMERS, PRODUCTS, ORDERS, ORDER_ITEMS, ORDER_HISTORY,
            DOCUMENTS);

    /** Sequence dictionary table: each sequence cache refresh is a recursive transaction updating it. */
    static final TableDef SEQ$ = new TableDef("SYS", "SEQ$", 74, 1, 297, 60, List.of(
            notNull("OBJ#", "NUMBER", Domain.SYSTEM),
            notNull("INCREMENT$", "NUMBER", Domain.SYSTEM),
            notNull("MINVALUE", "NUMBER", Domain.SYSTEM),
            notNull("MAXVALUE", "NUMBER", Domain.SYSTEM),
            notNull("CYCLE#", "NUMBER", Domain.SYSTEM),
            notNull("ORDER$", "NUMBER", Domain.SYSTEM),
            notNull("CACHE", "NUMBER", Domain.SYSTEM),
            notNull("HIGHWATER", "NUMBER", Domain.SYSTEM),
            notNull("AUDIT$", "VARCHAR2(38)", Domain.SYSTEM),
            notNull("FLAGS", "NUMBER", Domain.SYSTEM),
            nullable("PARTCOUNT", "NUMBER", Domain.SYSTEM)),
            List.of("OBJ#"));

    private OrderEntrySchema() {
    }
}
