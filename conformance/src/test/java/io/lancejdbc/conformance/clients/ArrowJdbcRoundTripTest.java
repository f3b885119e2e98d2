package io.lancejdbc.conformance.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.testing.ArrowAllocatorExtension;
import io.lancejdbc.exec.testing.ArrowLogicalValues;
import io.lancejdbc.exec.testing.CorpusFixtures;
import io.lancejdbc.exec.testing.DatasetContents;
import io.lancejdbc.exec.testing.SharedDatasets;
import io.lancejdbc.exec.testing.SharedDatasetsExtension;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TimeZone;
import java.util.stream.Stream;
import org.apache.arrow.adapter.jdbc.ArrowVectorIterator;
import org.apache.arrow.adapter.jdbc.JdbcFieldInfo;
import org.apache.arrow.adapter.jdbc.JdbcToArrow;
import org.apache.arrow.adapter.jdbc.JdbcToArrowConfig;
import org.apache.arrow.adapter.jdbc.JdbcToArrowConfigBuilder;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Arrow's own JDBC adapter ({@code org.apache.arrow:arrow-jdbc}, {@link JdbcToArrow}) turns a lance-jdbc result set
 * back into Arrow: the Arrow schema it derives from our {@code ResultSetMetaData} (types, precision, scale,
 * nullability) and the values it reads through our getters must equal a direct lance-core scan of the same dataset
 * under the adapter's documented type table (JDBC TIME and TIMESTAMP as milliseconds; REAL as float32; DECIMAL(p,s)
 * as decimal(p,s), 256-bit above 38 digits). Input: the {@code all_types} fixture (every Lance type, edge values)
 * and the {@code all_types} datasets two corpus writers made (Lance 12.0 and 0.10).
 *
 * <p>The adapter has no reader for STRUCT, OTHER (maps) or TIMESTAMP WITH TIME ZONE columns: structs and maps are
 * left out of the query, and zoned timestamps are read as TIMESTAMP (an explicit type, as users configure it).
 */
@ExtendWith({SharedDatasetsExtension.class, ArrowAllocatorExtension.class})
@EngineContract
class ArrowJdbcRoundTripTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    private static final List<String> WITHOUT_ADAPTER_SUPPORT = List.of("c_struct", "c_list_struct", "c_map",
            "c_nested");

    /** Corpus writers whose all_types join the fixture: Lance 12.0 (storage 2.2, maps) and 0.10 (storage 0.1). */
    private static final List<String> CORPUS_WRITERS = List.of("lancedb-0.39.0", "vectordb-0.4.20");

    @TempDir
    static Path corpus;

    private static Path fixtureWarehouse;

    /** An {@code all_types} table in a warehouse; shown by where it comes from. */
    record AllTypes(String origin, Path warehouse) {
        Path dataset() {
            return warehouse.resolve("all_types.lance");
        }

        @Override
        public String toString() {
            return origin;
        }
    }

    @BeforeAll
    static void warehouses(SharedDatasets datasets) {
        fixtureWarehouse = datasets.plainWarehouse().root();
        for (String writer : CORPUS_WRITERS) {
            CorpusFixtures.copyDataset(new CorpusFixtures.ForeignDataset(writer, "all_types"), corpus);
        }
    }

    static Stream<AllTypes> allTypesTables() {
        return Stream.concat(Stream.of(new AllTypes("fixture all_types (lance-core 7.0.0)", fixtureWarehouse)),
                CORPUS_WRITERS.stream().map(w -> new AllTypes("corpus " + w + "/all_types",
                        corpus.resolve("foreign").resolve(w))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("allTypesTables")
    void roundTripThroughJdbcToArrowEqualsALanceScan(AllTypes table, BufferAllocator allocator) throws Exception {
        DatasetContents lance = DatasetContents.read(allocator, table.dataset());
        List<Field> fields = lance.schema().getFields().stream()
                .filter(f -> !WITHOUT_ADAPTER_SUPPORT.contains(f.getName())).toList();
        List<String> excluded = lance.schema().getFields().stream().map(Field::getName)
                .filter(WITHOUT_ADAPTER_SUPPORT::contains).toList();
        List<Map<String, Object>> expectedRows = lance.rowsSortedBy("id");

        Map<String, JdbcFieldInfo> arrayElements = new HashMap<>();
        Map<String, JdbcFieldInfo> explicit = new HashMap<>();
        for (Field f : fields) {
            if (f.getType() instanceof ArrowType.Timestamp ts && ts.getTimezone() != null) {
                explicit.put(f.getName(), new JdbcFieldInfo(Types.TIMESTAMP, 0, 0));
            }
            if (!f.getChildren().isEmpty()) {
                arrayElements.put(f.getName(), new JdbcFieldInfo(elementJdbcType(f.getChildren().get(0)), 0, 0));
            }
        }
        Calendar utc = Calendar.getInstance(TimeZone.getTimeZone("UTC"), Locale.ROOT);

        List<String> mismatches = new ArrayList<>();
        int row = 0;
        try (BufferAllocator adapter = allocator.newChildAllocator("arrow-jdbc", 0, Long.MAX_VALUE);
                Connection c = ENGINE.connect("jdbc:lance:" + table.warehouse()); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT * EXCEPT (" + String.join(", ", excluded)
                        + ") FROM all_types ORDER BY id")) {
            JdbcToArrowConfig config = new JdbcToArrowConfigBuilder(adapter, utc)
                    .setArraySubTypeByColumnNameMap(arrayElements).setExplicitTypesByColumnName(explicit)
                    .setTargetBatchSize(32).build();
            try (ArrowVectorIterator batches = JdbcToArrow.sqlToArrowVectorIterator(rs, config)) {
                while (batches.hasNext()) {
                    try (VectorSchemaRoot root = batches.next()) {
                        if (row == 0) {
                            assertEquals(expectedSchema(fields), describe(root.getSchema().getFields()));
                        }
                        for (int r = 0; r < root.getRowCount(); r++, row++) {
                            Map<String, Object> want = expectedRows.get(row);
                            for (int i = 0; i < fields.size(); i++) {
                                Field f = fields.get(i);
                                FieldVector v = root.getVector(i);
                                Object expected = ArrowLogicalValues.comparable(
                                        afterRoundTrip(f, want.get(f.getName())));
                                Object got = ArrowLogicalValues.comparable(ArrowLogicalValues.read(v, r));
                                if (!Objects.equals(expected, got)) {
                                    mismatches.add("id=" + want.get("id") + " " + f.getName() + ": expected " + expected
                                            + " but got " + got);
                                }
                            }
                        }
                    }
                }
            }
        }
        assertEquals(expectedRows.size(), row, "rows");
        assertEquals(List.of(), mismatches.stream().limit(40).toList(), mismatches.size() + " mismatches");
    }

    private static int elementJdbcType(Field element) {
        ArrowType t = element.getType();
        if (t instanceof ArrowType.Int i) {
            return i.getBitWidth() == 64 ? Types.BIGINT : Types.INTEGER;
        }
        if (t instanceof ArrowType.FloatingPoint fp) {
            return fp.getPrecision() == FloatingPointPrecision.DOUBLE ? Types.DOUBLE : Types.REAL;
        }
        if (t instanceof ArrowType.Utf8) {
            return Types.VARCHAR;
        }
        throw new IllegalArgumentException("no JDBC element type for " + element);
    }

    /** The column as the adapter's type table makes it from the driver's documented JDBC type. */
    private static String expectedSchema(List<Field> fields) {
        List<String> out = new ArrayList<>();
        for (Field f : fields) {
            out.add(f.getName() + ": " + adapterType(f) + (f.isNullable() ? "" : " not null"));
        }
        return String.join("\n", out);
    }

    private static String describe(List<Field> fields) {
        List<String> out = new ArrayList<>();
        for (Field f : fields) {
            String type = f.getType().toString();
            if (f.getType() instanceof ArrowType.List) {
                type += "<" + f.getChildren().get(0).getType() + ">";
            }
            out.add(f.getName() + ": " + type + (f.isNullable() ? "" : " not null"));
        }
        return String.join("\n", out);
    }

    private static String adapterType(Field f) {
        ArrowType t = f.getType();
        ArrowType mapped = switch (t.getTypeID()) {
            case Int -> {
                ArrowType.Int i = (ArrowType.Int) t;
                if (!i.getIsSigned() && i.getBitWidth() == 64) {
                    yield new ArrowType.Decimal(20, 0, 128);
                }
                int bits = i.getIsSigned() ? i.getBitWidth() : i.getBitWidth() * 2;
                yield new ArrowType.Int(bits, true);
            }
            case FloatingPoint -> new ArrowType.FloatingPoint(
                    ((ArrowType.FloatingPoint) t).getPrecision() == FloatingPointPrecision.DOUBLE
                            ? FloatingPointPrecision.DOUBLE : FloatingPointPrecision.SINGLE);
            case Decimal -> {
                ArrowType.Decimal d = (ArrowType.Decimal) t;
                yield new ArrowType.Decimal(d.getPrecision(), d.getScale(), d.getPrecision() > 38 ? 256 : 128);
            }
            case Utf8, LargeUtf8 -> ArrowType.Utf8.INSTANCE;
            case Binary, LargeBinary, FixedSizeBinary -> ArrowType.Binary.INSTANCE;
            case Date -> new ArrowType.Date(DateUnit.DAY);
            case Time -> new ArrowType.Time(TimeUnit.MILLISECOND, 32);
            case Timestamp -> new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC");
            case List, LargeList, FixedSizeList -> null;
            default -> t;
        };
        if (mapped == null) {
            Field element = f.getChildren().get(0);
            ArrowType elementType = element.getType() instanceof ArrowType.FloatingPoint fp
                    && fp.getPrecision() != FloatingPointPrecision.DOUBLE
                    ? new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE) : element.getType();
            return ArrowType.List.INSTANCE + "<" + elementType + ">";
        }
        return mapped.toString();
    }

    /** The logical value the adapter's vector holds for a stored value (milliseconds for times and timestamps). */
    private static Object afterRoundTrip(Field f, Object stored) {
        if (stored == null) {
            return null;
        }
        ArrowType t = f.getType();
        return switch (t.getTypeID()) {
            case Int -> {
                ArrowType.Int i = (ArrowType.Int) t;
                if (!i.getIsSigned() && i.getBitWidth() == 64) {
                    yield new BigDecimal((BigInteger) stored);
                }
                long v = ((Number) stored).longValue();
                int bits = i.getIsSigned() ? i.getBitWidth() : i.getBitWidth() * 2;
                yield switch (bits) {
                    case 8 -> (Object) (byte) v;
                    case 16 -> (Object) (short) v;
                    case 32 -> (Object) (int) v;
                    default -> (Object) v;
                };
            }
            case FloatingPoint -> ((ArrowType.FloatingPoint) t).getPrecision() == FloatingPointPrecision.DOUBLE
                    ? stored : (Object) ((Number) stored).floatValue();
            case Time -> ((LocalTime) stored).truncatedTo(ChronoUnit.MILLIS);
            case Timestamp -> (stored instanceof LocalDateTime ldt ? ldt.toInstant(ZoneOffset.UTC) : (Instant) stored)
                    .truncatedTo(ChronoUnit.MILLIS);
            case List, LargeList, FixedSizeList -> {
                List<Object> out = new ArrayList<>();
                for (Object o : (List<?>) stored) {
                    out.add(afterRoundTrip(f.getChildren().get(0), o));
                }
                yield out;
            }
            default -> stored;
        };
    }
}
