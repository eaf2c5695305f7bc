package io.redocdc.benchmarks.parser;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Real LogMiner forms beyond Debezium's benchmark shapes. */
final class ExtraShapes {

    private ExtraShapes() {
    }

    /**
     * Apostrophes LogMiner left undoubled inside a value (the form of Debezium DBZ-9191). Debezium's default
     * parser ends the value at the first of them; its relaxed quote detection reads it.
     */
    static Shape undoubledApostrophes() {
        String text = "j'ai glissé sur le sol, l'arrière";
        return new Shape("update \"HEVPROD\".\"FALLDOSSIER\" set \"TEXT\" = '" + text + "' where \"PKEY\" = '2310822'",
                "HEVPROD", "FALLDOSSIER", List.of("PKEY", "TEXT"), Map.of("TEXT", text), Map.of("PKEY", "2310822"));
    }

    /**
     * Datetime literals under Oracle's default NLS (DD-MON-RR, DD-MON-RR HH.MI.SSXFF AM, ... TZR), parsed to
     * canonical values. Debezium's parser keeps such literals as text for its value converters, so there is
     * nothing of Debezium's to compare with here.
     */
    static Shape oracleDefaultDatetimes() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("ID", "7");
        values.put("D", "2025-06-15 00:00:00");
        values.put("TS", "2025-06-15 22:30:00.123456");
        values.put("TZ", "2026-03-29 01:30:00.500000000 +05:30");
        values.put("REGION", "2026-03-29 01:30:00.5 US/PACIFIC");
        String sql = "insert into \"S\".\"EVENTS\"(\"ID\",\"D\",\"TS\",\"TZ\",\"REGION\") values ('7',"
                + "TO_DATE('15-JUN-25', 'DD-MON-RR'),"
                + "TO_TIMESTAMP('15-JUN-25 10.30.00.123456 PM'),"
                + "TO_TIMESTAMP_TZ('29-MAR-26 01.30.00.500000000 AM +05:30'),"
                + "TO_TIMESTAMP_TZ('29-MAR-26 01.30.00.5 AM US/PACIFIC'))";
        return new Shape(sql, "S", "EVENTS", List.copyOf(values.keySet()), values, Map.of());
    }
}
