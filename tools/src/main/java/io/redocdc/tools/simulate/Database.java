package io.redocdc.tools.simulate;

import java.util.List;

/** The simulated tables that ordinary transactions change (ORDER_HISTORY is the large transaction's alone). */
final class Database {

    final TableModel customers = new TableModel(OrderEntrySchema.CUSTOMERS);
    final TableModel products = new TableModel(OrderEntrySchema.PRODUCTS);
    final TableModel orders = new TableModel(OrderEntrySchema.ORDERS);
    final TableModel orderItems = new TableModel(OrderEntrySchema.ORDER_ITEMS);
    final TableModel documents = new TableModel(OrderEntrySchema.DOCUMENTS);
    /** Which rows name each parent row (see {@link References}). */
    final References references = new References();

    List<TableModel> tables() {
        return List.of(customers, products, orders, orderItems, documents);
    }

    /** The model of a table that ordinary transactions change. */
    TableModel model(TableDef table) {
        return tables().stream().filter(t -> t.def() == table).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no model of " + table));
    }
}
