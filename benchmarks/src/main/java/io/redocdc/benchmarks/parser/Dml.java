package io.redocdc.benchmarks.parser;

/** The statement kinds of Debezium's benchmark (public: JMH's generated code reads @Param enums). */
public enum Dml {
    INSERT,
    UPDATE,
    DELETE
}
