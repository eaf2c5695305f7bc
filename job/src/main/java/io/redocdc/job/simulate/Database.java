package io.redocdc.job.simulate;

import java.util.List;

/** The simulated tables that ordinary transactions change (ORDER_HISTORY is the large transaction's alone). */
final class Database {

    final TableModel customers = new TableModel(OrderEntrySchema.CUSTOMERS);
    final TableModel products = new TableModel(OrderEntrySchema.PRODUCTS);
    final TableModel orders = new TableModel(OrderEntrySchema.ORDERS);
    final TableModel orderItems = new TableModel(OrderEntrySchema.ORDER_ITEMS);
    final TableModel documents = new TableModel(OrderEntrySchema.DOCUMENTS);

    List<TableModel> tables() {
        return List.of(customers, products, orders, orderItems, documents);
    }
}
