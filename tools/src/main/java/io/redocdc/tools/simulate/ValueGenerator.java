package io.redocdc.tools.simulate;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Plausible column values in their canonical text (what the truth and the ogg-json images show): numbers as
 * Oracle prints them ("42.5", not "42.50"), text with quotes, NULLs and non-ASCII characters (accents, CJK,
 * emoji), dates "yyyy-MM-dd HH:mm:ss", TIMESTAMP(6) with the fraction digits the session prints (see
 * {@link SimulatedNls}), RAW as lower-case hex.
 */
final class ValueGenerator {

    private static final LocalDateTime EARLIEST_DAY = LocalDateTime.of(2025, 1, 1, 0, 0, 0);
    private static final int DAY_RANGE_SECONDS = 424 * 24 * 3600;
    private static final int VARCHAR2_MAX_BYTES = 4000;

    private static final List<String> FIRST_NAMES = List.of("Anna", "José", "Zoë", "Björn", "Siobhán", "Łukasz",
            "Chloé", "Mei", "Ahmed", "Olga", "Jürgen", "Ngozi", "Hiroshi", "María", "Søren", "Grace", "Émile");
    private static final List<String> LAST_NAMES = List.of("O'Brien", "D'Angelo", "Müller", "García", "Nørgaard",
            "Dvořák", "Smith", "Nakamura", "Kowalski", "Ó Súilleabháin", "van der Berg", "Weiß", "Nguyễn", "Lee");
    private static final List<String> FULL_NAMES = List.of("李小龙", "王芳", "田中 太郎", "김민준", "Δημήτρης Παπαδόπουλος");
    private static final List<String> MAIL_DOMAINS = List.of("example.com", "mail.example.org", "beispiel.de");
    private static final List<String> CITIES = List.of("München", "Zürich", "São Paulo", "Kraków", "Reykjavík",
            "L'Haÿ-les-Roses", "北京", "東京", "Москва", "Springfield", "Ålesund", "Coeur d'Alene", "Rio 🌴",
            "Montréal", "Oslo");
    private static final List<String> PRODUCT_NAMES = List.of("Café crème 250 g", "Grüner Tee", "Crème brûlée kit",
            "Widget 'Pro'", "绿茶 100g", "Kaffeebecher ☕", "Smörgåsbord platter", "Jalapeño sauce",
            "Pâte à choux", "Emoji mug 😀", "Plain notebook", "Desk lamp");
    private static final List<String> STATUSES = List.of("NEW", "PAID", "PICKING", "SHIPPED", "DELIVERED",
            "CANCELLED", "ON HOLD");
    private static final List<String> EVENTS = List.of("ARCHIVED", "STATUS_CHANGE", "EXPORTED", "AUDITED");
    private static final List<String> NOTES = List.of("Leave at the door", "Customer's note: \"fragile\"",
            "Lieferung bitte an Frau Müller", "请在下午送货", "Call before delivery 📞", "Gift wrap; use the "
                    + "'Happy Birthday' card", "naïve café façade", "first line\nsecond line", "O'Reilly's order",
            "rush", "Back-ordered ⏳ until Q2");
    static final List<String> WORDS = List.of("order", "delivery", "it's", "naïve", "café", "warehouse",
            "customer", "invoice", "中文", "überprüft", "parcel", "O'Neil's", "the", "and", "was", "shipped",
            "returned", "😀", "quality", "\"quoted\"", "payment", "crème", "résumé", "label");
    private static final char[] ALNUM = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789".toCharArray();

    private final SplittableRandom random;
    private final Database db;
    private final ScnClock clock;
    private final double longTextRatio;
    private final SimulatedNls nls;

    ValueGenerator(SplittableRandom random, Database db, ScnClock clock, double longTextRatio, SimulatedNls nls) {
        this.random = random;
        this.nls = nls;
        this.db = db;
        this.clock = clock;
        this.longTextRatio = longTextRatio;
    }

    /**
     * A whole new row; the ID column (if any) takes {@code id}, references point at rows of the model (possibly
     * uncommitted: a transaction inserting into a table with foreign keys sets their columns itself).
     */
    String[] newRow(TableDef table, long id) {
        String[] values = new String[table.columnCount()];
        for (int i = 0; i < values.length; i++) {
            Column column = table.column(i);
            values[i] = column.domain() == Domain.ID ? Long.toString(id) : value(column);
        }
        return values;
    }

    /** A value for a non-key column, NULL now and then where the column allows it. */
    String value(Column column) {
        return switch (column.domain()) {
            case CUSTOMER_REF -> reference(db.customers);
            case PRODUCT_REF -> reference(db.products);
            case ORDER_REF -> reference(db.orders);
            case PERSON_NAME -> personName();
            case EMAIL -> maybeNull(column, 0.2) ? null : email();
            case CITY -> maybeNull(column, 0.15) ? null : pick(CITIES);
            case MONEY -> money(100, 999_999);
            case QUANTITY -> Integer.toString(1 + random.nextInt(20));
            case ORDER_STATUS -> pick(STATUSES);
            case DAY_TIME -> nls.date(EARLIEST_DAY.plusSeconds(random.nextInt(DAY_RANGE_SECONDS)));
            case INSTANT -> maybeNull(column, 0.3) ? null : instant();
            case CHECKSUM -> maybeNull(column, 0.1) ? null : hex(16);
            case FREE_TEXT -> freeText(column);
            case SKU -> "SKU-" + code(6);
            case PRODUCT_NAME -> pick(PRODUCT_NAMES) + " #" + (1 + random.nextInt(99));
            case EVENT -> pick(EVENTS);
            case SHORT_NOTE -> maybeNull(column, 0.5) ? null : "batch 'nightly' #" + random.nextInt(1000);
            case DOC_TITLE -> pick(PRODUCT_NAMES) + " – spec 'v" + (1 + random.nextInt(9)) + "'";
            case ID, LINE_NO, SYSTEM, DOC_LOB -> throw new IllegalArgumentException(
                    "column " + column.name() + " (" + column.domain() + ") is filled by the transaction itself");
        };
    }

    /** Now (the SCN clock's time) with microseconds, as TIMESTAMP(6) prints. */
    String instant() {
        return nls.timestamp(clock.time(clock.current()).plusNanos(1000L * random.nextInt(1_000_000)));
    }

    /** Now, as DATE prints. */
    String today() {
        return nls.date(clock.time(clock.current()));
    }

    /** An amount between min and max cents, in Oracle's canonical text. */
    String money(int minCents, int maxCents) {
        return canonical(BigDecimal.valueOf(minCents + random.nextInt(maxCents - minCents + 1), 2));
    }

    static String canonical(BigDecimal number) {
        return number.signum() == 0 ? "0" : number.stripTrailingZeros().toPlainString();
    }

    private boolean maybeNull(Column column, double probability) {
        return column.nullable() && random.nextDouble() < probability;
    }

    private String reference(TableModel table) {
        String[] row = table.peek(random);
        return row == null ? "1" : row[0];
    }

    private String personName() {
        if (random.nextInt(8) == 0) {
            return pick(FULL_NAMES);
        }
        return pick(FIRST_NAMES) + " " + pick(LAST_NAMES);
    }

    private String email() {
        String local = random.nextInt(6) == 0 ? "o'brien.k" : "user" + random.nextInt(100_000);
        return local + "@" + pick(MAIL_DOMAINS);
    }

    private String freeText(Column column) {
        if (random.nextDouble() < longTextRatio) {
            return longText();
        }
        return maybeNull(column, 0.5) ? null : pick(NOTES);
    }

    /** 3000 to 4000 characters (at most 4000 bytes in UTF-8): statements holding it exceed 4000 characters. */
    private String longText() {
        int target = 3000 + random.nextInt(990);
        StringBuilder sb = new StringBuilder(target + 16);
        int bytes = 0;
        while (sb.length() < target) {
            String word = (sb.length() == 0 ? "" : " ") + pick(WORDS);
            int wordBytes = word.getBytes(StandardCharsets.UTF_8).length;
            if (bytes + wordBytes > VARCHAR2_MAX_BYTES) {
                break;
            }
            sb.append(word);
            bytes += wordBytes;
        }
        return sb.toString();
    }

    private String hex(int bytes) {
        StringBuilder sb = new StringBuilder(2 * bytes);
        for (int i = 0; i < bytes; i++) {
            sb.append(Character.forDigit(random.nextInt(16), 16)).append(Character.forDigit(random.nextInt(16), 16));
        }
        return sb.toString();
    }

    private String code(int length) {
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append(ALNUM[random.nextInt(ALNUM.length)]);
        }
        return sb.toString();
    }

    private String pick(List<String> values) {
        return values.get(random.nextInt(values.size()));
    }
}
