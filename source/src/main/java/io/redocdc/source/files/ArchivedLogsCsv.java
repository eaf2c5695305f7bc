package io.redocdc.source.files;

import io.redocdc.source.catalog.RedoInputException;
import io.redocdc.source.model.ArchivedLog;
import io.redocdc.source.model.Scn;
import io.redocdc.source.model.ThreadSequence;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a redo directory's {@code archived_logs.csv}: one row per archived log, columns named as in
 * V$ARCHIVED_LOG, extra columns ignored. A log archived to several destinations has several rows: identical
 * ranges collapse to one log; rows of one (THREAD#, SEQUENCE#, RESETLOGS_ID) with different FIRST_CHANGE# or
 * NEXT_CHANGE# are an error naming both lines.
 */
final class ArchivedLogsCsv {

    private ArchivedLogsCsv() {
    }

    static List<ArchivedLog> read(Path file) throws IOException {
        try (CsvRows rows = CsvRows.open(file)) {
            return new Parser(rows).readAll();
        }
    }

    private static final class Parser {
        private final CsvRows rows;
        private final CsvValues values;
        private final int thread;
        private final int sequence;
        private final int resetlogsId;
        private final int firstChange;
        private final int nextChange;
        private final int firstTime;
        private final int nextTime;
        private final int name;
        private final int dictionaryBegin;
        private final int dictionaryEnd;

        Parser(CsvRows rows) {
            this.rows = rows;
            this.values = new CsvValues(rows);
            this.thread = rows.requireColumn("THREAD#");
            this.sequence = rows.requireColumn("SEQUENCE#");
            this.resetlogsId = rows.requireColumn("RESETLOGS_ID");
            this.firstChange = rows.requireColumn("FIRST_CHANGE#");
            this.nextChange = rows.requireColumn("NEXT_CHANGE#");
            this.firstTime = rows.requireColumn("FIRST_TIME");
            this.nextTime = rows.requireColumn("NEXT_TIME");
            this.name = rows.requireColumn("NAME");
            this.dictionaryBegin = rows.requireColumn("DICTIONARY_BEGIN");
            this.dictionaryEnd = rows.requireColumn("DICTIONARY_END");
        }

        List<ArchivedLog> readAll() throws IOException {
            Map<ThreadSequence, Located> logs = new LinkedHashMap<>();
            CsvRows.Row row;
            while ((row = rows.next()) != null) {
                ArchivedLog log = parse(row);
                Located earlier = logs.putIfAbsent(log.id(), new Located(log, row.line()));
                if (earlier != null && !sameRange(earlier.log, log)) {
                    throw RedoInputException.at(rows.file(), row.line(), log.id() + " has FIRST_CHANGE# "
                            + log.firstChange() + " and NEXT_CHANGE# " + log.nextChange() + ", but line "
                            + earlier.line + " lists it with " + earlier.log.firstChange() + " and "
                            + earlier.log.nextChange() + "; duplicate rows of one log must agree");
                }
            }
            List<ArchivedLog> result = new ArrayList<>(logs.size());
            logs.values().forEach(located -> result.add(located.log));
            return result;
        }

        private ArchivedLog parse(CsvRows.Row row) {
            ThreadSequence id;
            try {
                id = new ThreadSequence(values.requiredInt(row, thread), values.requiredLong(row, sequence),
                        values.requiredLong(row, resetlogsId));
            } catch (IllegalArgumentException e) {
                throw RedoInputException.at(rows.file(), row.line(), "expected THREAD# >= 1, SEQUENCE# >= 1 and "
                        + "RESETLOGS_ID >= 0: " + e.getMessage());
            }
            Scn first = scn(row, firstChange);
            Scn next = scn(row, nextChange);
            if (!first.isBefore(next)) {
                throw RedoInputException.at(rows.file(), row.line(), id + ": expected FIRST_CHANGE# below "
                        + "NEXT_CHANGE#, got " + first + " and " + next);
            }
            return new ArchivedLog(id, first, next, values.dateTime(row, firstTime), values.dateTime(row, nextTime),
                    values.text(row, name), values.yesOrNo(row, dictionaryBegin), values.yesOrNo(row, dictionaryEnd));
        }

        private Scn scn(CsvRows.Row row, int column) {
            long value = values.requiredLong(row, column);
            if (value < 0) {
                throw values.fail(row, column, "a non-negative SCN", row.get(column));
            }
            return Scn.of(value);
        }

        private static boolean sameRange(ArchivedLog a, ArchivedLog b) {
            return a.firstChange().equals(b.firstChange()) && a.nextChange().equals(b.nextChange());
        }
    }

    private record Located(ArchivedLog log, long line) {
    }
}
