package io.lancejdbc.conformance.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.testing.AllTypesTable;
import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.TimeZone;
import java.util.stream.Stream;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every date/time setter against each column kind (a zoned timestamp, a naive timestamp, a date), run in a JVM
 * whose default zone is UTC, America/Los_Angeles or Asia/Kolkata (one forked JVM per zone: the {@code jvm-zone-*}
 * Surefire executions of this module; the default run uses the build machine's zone). The rules it checks
 * (docs/jdbc-driver.md, "Date/time parameters"):
 * <ul>
 *   <li>{@code java.sql.Timestamp}, {@code java.util.Date} and {@code java.sql.Date} against a zoned column are
 *       their instant, whatever the JVM zone or Calendar; against a naive timestamp or a date they are their wall
 *       clock in the Calendar's zone, else the JVM zone (JDBC 4.2).</li>
 *   <li>{@code Instant}, {@code OffsetDateTime}, {@code ZonedDateTime} are instants; naive values
 *       ({@code LocalDateTime}, strings without an offset, literals, {@code {ts ...}}) meet a zoned column as UTC
 *       wall clocks, and instants meet naive columns as their UTC wall clock.</li>
 * </ul>
 * The oracle is independent of the binding: each column's stored values, read back with the zone-free getters,
 * compared in Java with the value the rule says the parameter stands for.
 */
@Tag("jvm-zone")
class TimestampParameterZonesTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    @TempDir
    static Path work;
    private Connection demo;
    private Connection fixture;
    private static List<Instant> eventTimes;
    private static List<LocalDateTime> naiveTimes;
    private static List<LocalDate> days;

    /** The probe instant per column kind: chosen so that the JVM zone changes the count when a rule is broken. */
    private static final Instant ZONED_PROBE = Instant.parse("2024-06-01T03:00:00Z");
    private static final Instant NAIVE_PROBE = Instant.parse("2023-11-16T10:30:00Z");
    /** 03:00 UTC of a stored day (epoch day 19000 + 3 * 50), so the wall clock in Los Angeles is the day before. */
    private static final Instant DATE_PROBE = LocalDate.ofEpochDay(19_150).atTime(3, 0).toInstant(ZoneOffset.UTC);
    private static final ZoneId TOKYO = ZoneId.of("Asia/Tokyo");

    enum Column {
        ZONED("SELECT count(*) FROM events WHERE ts < ?", ZONED_PROBE),
        NAIVE("SELECT count(*) FROM all_types WHERE c_ts_us < ?", NAIVE_PROBE),
        DATE("SELECT count(*) FROM all_types WHERE c_date32 < ?", DATE_PROBE);

        final String sql;
        final Instant probe;

        Column(String sql, Instant probe) {
            this.sql = sql;
            this.probe = probe;
        }
    }

    /** How a test binds the probe, and which value the rules say the parameter then stands for. */
    enum Setter {
        SET_TIMESTAMP {
            @Override
            void bind(PreparedStatement ps, Instant probe) throws SQLException {
                ps.setTimestamp(1, Timestamp.from(probe));
            }

            @Override
            Object boundValue(Instant probe, Column column) {
                return legacy(probe, column, ZoneId.systemDefault());
            }
        },
        SET_TIMESTAMP_WITH_CALENDAR {
            @Override
            void bind(PreparedStatement ps, Instant probe) throws SQLException {
                ps.setTimestamp(1, Timestamp.from(probe), new GregorianCalendar(TimeZone.getTimeZone(TOKYO)));
            }

            @Override
            Object boundValue(Instant probe, Column column) {
                return legacy(probe, column, TOKYO);
            }
        },
        SET_OBJECT_TIMESTAMP {
            @Override
            void bind(PreparedStatement ps, Instant probe) throws SQLException {
                ps.setObject(1, Timestamp.from(probe));
            }

            @Override
            Object boundValue(Instant probe, Column column) {
                return legacy(probe, column, ZoneId.systemDefault());
            }
        },
        SET_OBJECT_TIMESTAMP_AS_TIMESTAMP {
            @Override
            void bind(PreparedStatement ps, Instant probe) throws SQLException {
                ps.setObject(1, Timestamp.from(probe), Types.TIMESTAMP);
            }

            @Override
            Object boundValue(Instant probe, Column column) {
                return legacy(probe, column, ZoneId.systemDefault());
            }
        },
        SET_OBJECT_UTIL_DATE {
            @Override
            void bind(PreparedStatement ps, Instant probe) throws SQLException {
                ps.setObject(1, java.util.Date.from(probe));
            }

            @Override
            Object boundValue(Instant probe, Column column) {
                return legacy(probe, column, ZoneId.systemDefault());
            }
        },
        SET_OBJECT_INSTANT {
            @Override
            void bind(PreparedStatement ps, Instant probe) throws SQLException {
                ps.setObject(1, probe);
            }

            @Override
            Object boundValue(Instant probe, Column column) {
                return probe;
            }
        },
        SET_OBJECT_OFFSET_DATE_TIME {
            @Override
            void bind(PreparedStatement ps, Instant probe) throws SQLException {
                ps.setObject(1, probe.atOffset(ZoneOffset.ofHoursMinutes(5, 30)));
            }

            @Override
            Object boundValue(Instant probe, Column column) {
                return probe;
            }
        },
        SET_OBJECT_ZONED_DATE_TIME {
            @Override
            void bind(PreparedStatement ps, Instant probe) throws SQLException {
                ps.setObject(1, probe.atZone(ZoneId.of("America/New_York")));
            }

            @Override
            Object boundValue(Instant probe, Column column) {
                return probe;
            }
        },
        SET_OBJECT_LOCAL_DATE_TIME {
            @Override
            void bind(PreparedStatement ps, Instant probe) throws SQLException {
                ps.setObject(1, LocalDateTime.ofInstant(probe, ZoneOffset.UTC));
            }

            @Override
            Object boundValue(Instant probe, Column column) {
                return LocalDateTime.ofInstant(probe, ZoneOffset.UTC);
            }
        },
        SET_STRING {
            @Override
            void bind(PreparedStatement ps, Instant probe) throws SQLException {
                LocalDateTime utc = LocalDateTime.ofInstant(probe, ZoneOffset.UTC);
                ps.setString(1, utc.toLocalDate() + " " + utc.toLocalTime());
            }

            @Override
            Object boundValue(Instant probe, Column column) {
                LocalDateTime utc = LocalDateTime.ofInstant(probe, ZoneOffset.UTC);
                // text takes the column's type: a DATE column reads only the date of 'yyyy-MM-dd HH:mm'
                return column == Column.DATE ? utc.toLocalDate() : utc;
            }
        },
        SET_STRING_WITH_OFFSET {
            @Override
            void bind(PreparedStatement ps, Instant probe) throws SQLException {
                OffsetDateTime kolkata = probe.atOffset(ZoneOffset.ofHoursMinutes(5, 30));
                ps.setString(1, kolkata.toLocalDate() + " " + kolkata.toLocalTime() + "+05:30");
            }

            @Override
            Object boundValue(Instant probe, Column column) {
                return column == Column.ZONED ? probe : null;
            }
        },
        SET_DATE {
            @Override
            void bind(PreparedStatement ps, Instant probe) throws SQLException {
                ps.setDate(1, Date.valueOf(LocalDate.ofInstant(probe, ZoneOffset.UTC)));
            }

            @Override
            Object boundValue(Instant probe, Column column) {
                LocalDate day = LocalDate.ofInstant(probe, ZoneOffset.UTC);
                // a java.sql.Date is the JVM zone's midnight: an instant against a zoned column, a date otherwise
                return column == Column.ZONED ? day.atStartOfDay(ZoneId.systemDefault()).toInstant() : day;
            }
        };

        abstract void bind(PreparedStatement ps, Instant probe) throws SQLException;

        /**
         * An Instant, a LocalDateTime or a LocalDate: what the parameter stands for under the rules in this JVM
         * zone; null when the setter does not apply to the column.
         */
        abstract Object boundValue(Instant probe, Column column);

        /** A Timestamp / java.util.Date: its instant against a zoned column, else its wall clock in {@code zone}. */
        static Object legacy(Instant probe, Column column, ZoneId zone) {
            return column == Column.ZONED ? probe : LocalDateTime.ofInstant(probe, zone);
        }
    }

    @BeforeAll
    static void readTheStoredValues() throws SQLException {
        String expectedZone = System.getProperty("lance.test.zone");
        if (expectedZone != null) {
            assertEquals(expectedZone, TimeZone.getDefault().getID(), "the forked JVM runs in the zone it was given");
        }
        try (RootAllocator allocator = new RootAllocator()) {
            AllTypesTable.write(allocator, work.resolve("all_types.lance"));
        }
        eventTimes = new ArrayList<>();
        try (Connection c = ENGINE.connect(SharedDemoWarehouse.url());
                ResultSet rs = c.createStatement().executeQuery("SELECT ts FROM events")) {
            while (rs.next()) {
                eventTimes.add(rs.getObject(1, Instant.class));
            }
        }
        naiveTimes = new ArrayList<>();
        days = new ArrayList<>();
        try (Connection c = ENGINE.connect(fixtureUrl());
                ResultSet rs = c.createStatement().executeQuery("SELECT c_ts_us, c_date32 FROM all_types")) {
            while (rs.next()) {
                LocalDateTime t = rs.getObject(1, LocalDateTime.class);
                if (t != null) {
                    naiveTimes.add(t);
                }
                LocalDate d = rs.getObject(2, LocalDate.class);
                if (d != null) {
                    days.add(d);
                }
            }
        }
        assertEquals(725, eventTimes.size());
    }

    private static String fixtureUrl() {
        return "jdbc:lance:" + work.toAbsolutePath();
    }

    @BeforeEach
    void connect() throws SQLException {
        demo = ENGINE.connect(SharedDemoWarehouse.url());
        fixture = ENGINE.connect(fixtureUrl());
    }

    @AfterEach
    void disconnect() throws SQLException {
        demo.close();
        fixture.close();
    }

    /** Rows whose value is below {@code bound}, comparing as the engine's documented rules say. */
    static long expectedCount(Column column, Object bound) {
        switch (column) {
            case ZONED: {
                Instant limit = bound instanceof Instant ? (Instant) bound
                        : bound instanceof LocalDateTime ? ((LocalDateTime) bound).toInstant(ZoneOffset.UTC)
                        : ((LocalDate) bound).atStartOfDay().toInstant(ZoneOffset.UTC);
                return eventTimes.stream().filter(t -> t.isBefore(limit)).count();
            }
            case NAIVE: {
                LocalDateTime limit = naive(bound);
                return naiveTimes.stream().filter(t -> t.isBefore(limit)).count();
            }
            default: {
                if (bound instanceof LocalDate) {
                    return days.stream().filter(d -> d.isBefore((LocalDate) bound)).count();
                }
                LocalDateTime limit = naive(bound);
                return days.stream().filter(d -> d.atStartOfDay().isBefore(limit)).count();
            }
        }
    }

    /** An instant meets a naive value as its UTC wall clock. */
    private static LocalDateTime naive(Object bound) {
        if (bound instanceof Instant) {
            return LocalDateTime.ofInstant((Instant) bound, ZoneOffset.UTC);
        }
        return bound instanceof LocalDate ? ((LocalDate) bound).atStartOfDay() : (LocalDateTime) bound;
    }

    static Stream<Arguments> setterByColumn() {
        List<Arguments> out = new ArrayList<>();
        for (Setter s : Setter.values()) {
            for (Column c : Column.values()) {
                if (s.boundValue(c.probe, c) != null) {
                    out.add(Arguments.of(s, c));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} against the {1} column")
    @MethodSource("setterByColumn")
    void everySetterComparesByTheDocumentedRuleInThisJvmZone(Setter setter, Column column) throws SQLException {
        Connection c = column == Column.ZONED ? demo : fixture;
        try (PreparedStatement ps = c.prepareStatement(column.sql)) {
            setter.bind(ps, column.probe);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertEquals(expectedCount(column, setter.boundValue(column.probe, column)), rs.getLong(1),
                        setter + " on " + column + " in " + ZoneId.systemDefault());
            }
        }
    }

    @Test
    void theIssuesTimestampCountsNineRowsInEveryZone() throws SQLException {
        try (PreparedStatement ps = demo.prepareStatement("SELECT count(*) FROM events WHERE ts < ?")) {
            ps.setTimestamp(1, Timestamp.from(ZONED_PROBE));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertEquals(9, rs.getLong(1));
            }
        }
    }

    @Test
    void naiveLiteralsAndEscapesMeetAZonedColumnAsUtc() throws SQLException {
        for (String literal : new String[] {"TIMESTAMP '2024-06-01 03:00:00'", "{ts '2024-06-01 03:00:00'}",
            "'2024-06-01 03:00:00'", "TIMESTAMP '2024-06-01 08:30:00+05:30'"}) {
            try (ResultSet rs = demo.createStatement().executeQuery(
                    "SELECT count(*) FROM events WHERE ts < " + literal)) {
                rs.next();
                assertEquals(9, rs.getLong(1), literal);
            }
        }
    }

    @Test
    void zonedValuesReadAsLocalValuesShowTheJvmZoneInEveryGetter() throws SQLException {
        try (ResultSet rs = demo.createStatement().executeQuery(
                "SELECT ts FROM events WHERE id = 150")) {
            rs.next();
            Instant stored = Instant.parse("2024-06-01T00:00:00Z").plusSeconds(97 * 150);
            LocalDateTime jvmWallClock = LocalDateTime.ofInstant(stored, ZoneId.systemDefault());
            assertEquals(stored, rs.getTimestamp(1).toInstant());
            assertEquals(jvmWallClock, rs.getTimestamp(1).toLocalDateTime());
            assertEquals(jvmWallClock, rs.getObject(1, LocalDateTime.class));
            assertEquals(jvmWallClock.toLocalDate(), rs.getObject(1, LocalDate.class));
            assertEquals(jvmWallClock.toLocalDate(), rs.getDate(1).toLocalDate());
            assertEquals(jvmWallClock.toLocalTime(), rs.getObject(1, java.time.LocalTime.class));
            assertEquals(jvmWallClock.toLocalTime().withNano(0), rs.getTime(1).toLocalTime());
            Calendar tokyo = new GregorianCalendar(TimeZone.getTimeZone(TOKYO));
            assertEquals(stored, rs.getTimestamp(1, tokyo).toInstant(), "a Calendar never moves an instant");
            assertEquals(OffsetDateTime.ofInstant(stored, ZoneOffset.UTC), rs.getObject(1),
                    "getObject() keeps the column's zone");
            assertEquals(ZonedDateTime.ofInstant(stored, ZoneOffset.UTC).toOffsetDateTime(),
                    rs.getObject(1, OffsetDateTime.class));
            assertEquals("2024-06-01 04:02:30.000000+00:00", rs.getString(1));
        }
    }
}
