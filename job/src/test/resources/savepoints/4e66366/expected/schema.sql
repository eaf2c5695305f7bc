-- The captured tables of the simulated order-entry schema, as Oracle DDL; parents before children.
create table "OE"."CUSTOMERS" (
  "CUSTOMER_ID" NUMBER(10) not null,
  "NAME" VARCHAR2(100) not null,
  "EMAIL" VARCHAR2(200),
  "CITY" NVARCHAR2(60),
  "CREDIT_LIMIT" NUMBER(10,2) not null,
  "CREATED" DATE not null,
  "NOTES" VARCHAR2(4000),
  constraint "CUSTOMERS_PK" primary key ("CUSTOMER_ID")
);
create table "OE"."PRODUCTS" (
  "PRODUCT_ID" NUMBER(10) not null,
  "SKU" VARCHAR2(30) not null,
  "NAME" NVARCHAR2(100) not null,
  "PRICE" NUMBER(10,2) not null,
  "CHECKSUM" RAW(16),
  "UPDATED_AT" TIMESTAMP(6) not null,
  constraint "PRODUCTS_PK" primary key ("PRODUCT_ID")
);
create table "OE"."ORDERS" (
  "ORDER_ID" NUMBER(12) not null,
  "CUSTOMER_ID" NUMBER(10) not null,
  "STATUS" VARCHAR2(20) not null,
  "ORDER_TOTAL" NUMBER(12,2) not null,
  "ORDER_DATE" DATE not null,
  "SHIPPED_AT" TIMESTAMP(6),
  "COMMENTS" VARCHAR2(4000),
  constraint "ORDERS_PK" primary key ("ORDER_ID"),
  constraint "ORDERS_CUSTOMER_FK" foreign key ("CUSTOMER_ID") references "OE"."CUSTOMERS" ("CUSTOMER_ID")
);
create table "OE"."ORDER_ITEMS" (
  "ORDER_ID" NUMBER(12) not null,
  "LINE_NO" NUMBER(4) not null,
  "PRODUCT_ID" NUMBER(10) not null,
  "QUANTITY" NUMBER(6) not null,
  "UNIT_PRICE" NUMBER(10,2) not null,
  constraint "ORDER_ITEMS_PK" primary key ("ORDER_ID", "LINE_NO"),
  constraint "ORDER_ITEMS_ORDER_FK" foreign key ("ORDER_ID") references "OE"."ORDERS" ("ORDER_ID"),
  constraint "ORDER_ITEMS_PRODUCT_FK" foreign key ("PRODUCT_ID") references "OE"."PRODUCTS" ("PRODUCT_ID")
);
create table "OE"."ORDER_HISTORY" (
  "HISTORY_ID" NUMBER(12) not null,
  "ORDER_ID" NUMBER(12) not null,
  "EVENT" VARCHAR2(30) not null,
  "EVENT_TS" TIMESTAMP(6) not null,
  "NOTE" VARCHAR2(200),
  constraint "ORDER_HISTORY_PK" primary key ("HISTORY_ID")
);
create table "OE"."DOCUMENTS" (
  "DOC_ID" NUMBER(12) not null,
  "TITLE" VARCHAR2(200) not null,
  "BODY" CLOB,
  "SUMMARY" NCLOB,
  "ATTACHMENT" BLOB,
  "META" XMLTYPE,
  constraint "DOCUMENTS_PK" primary key ("DOC_ID")
);
