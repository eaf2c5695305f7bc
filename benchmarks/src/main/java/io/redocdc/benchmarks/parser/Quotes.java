package io.redocdc.benchmarks.parser;

/** How a large value carries apostrophes (public: JMH's generated code reads @Param enums). */
public enum Quotes {
    /** none */
    PLAIN,
    /** doubled, as Oracle writes them: {@code ''} */
    ESCAPED,
    /** a lone {@code '} followed by " wx": Debezium reads it only with relaxed quote detection */
    LONE
}
