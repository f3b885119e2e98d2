package io.lancejdbc.conformance.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.jooq.impl.DSL.field;
import static org.jooq.impl.DSL.name;
import static org.jooq.impl.DSL.table;

import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.testing.NumbersTable;
import io.lancejdbc.exec.testing.SharedDatasets;
import io.lancejdbc.exec.testing.SharedDatasetsExtension;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.Meta;
import org.jooq.Record;
import org.jooq.Record2;
import org.jooq.Result;
import org.jooq.SQLDialect;
import org.jooq.Schema;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * jOOQ over a lance-jdbc connection on the plain fixture warehouse: {@code DSLContext.meta()} (which reads
 * DatabaseMetaData: catalogs, schemas, tables, columns, keys, indexes), plain SQL fetches and SQL that jOOQ renders
 * itself in its default and MySQL dialects.
 */
@ExtendWith(SharedDatasetsExtension.class)
@EngineContract
class JooqTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    private static String url;

    @BeforeAll
    static void warehouse(SharedDatasets datasets) {
        url = "jdbc:lance:" + datasets.plainWarehouse().root();
    }

    @Test
    void metaListsTheSchemasOfTheCatalog() throws SQLException {
        try (Connection c = ENGINE.connect(url)) {
            Meta meta = DSL.using(c, SQLDialect.DEFAULT).meta();
            assertEquals(List.of("analytics", "default"),
                    meta.getSchemas().stream().map(Schema::getName).sorted().toList());
        }
    }

    @Test
    void metaListsTheTablesOfEachSchema() throws SQLException {
        try (Connection c = ENGINE.connect(url)) {
            Meta meta = DSL.using(c, SQLDialect.DEFAULT).meta();
            assertEquals(List.of("MixedCase", "all_types", "items", "numbers", "versions"),
                    tablesOf(meta, "default"));
            assertEquals(List.of("events", "metrics"), tablesOf(meta, "analytics"));
        }
    }

    private static List<String> tablesOf(Meta meta, String schema) {
        return meta.getSchemas(schema).get(0).getTables().stream().map(Table::getName).sorted().toList();
    }

    @Test
    void metaDescribesColumnsWithTheirSqlTypes() throws SQLException {
        try (Connection c = ENGINE.connect(url)) {
            Table<?> numbers = DSL.using(c, SQLDialect.DEFAULT).meta().getSchemas("default").get(0)
                    .getTable("numbers");
            assertEquals(NumbersTable.COLUMNS, numbers.fieldStream().map(Field::getName).toList());
            String types = numbers.fieldStream().map(f -> f.getName() + " " + f.getType().getSimpleName()
                    + (f.getDataType().nullable() ? "" : " not null")
                    + (f.getType() == BigDecimal.class
                            ? "(" + f.getDataType().precision() + "," + f.getDataType().scale() + ")" : ""))
                    .collect(Collectors.joining(", "));
            assertEquals("id Long not null, i32 Integer, f64 Double, category String, flag Boolean, d Date,"
                    + " ts Timestamp, amount BigDecimal(12,2)", types);
        }
    }

    @Test
    void plainSqlFetchReturnsTypedRecords() throws SQLException {
        try (Connection c = ENGINE.connect(url)) {
            Result<Record> rows = DSL.using(c, SQLDialect.DEFAULT)
                    .fetch("SELECT id, f64, amount FROM numbers WHERE id < ? ORDER BY id", 3L);
            assertEquals(List.of(0L, 1L, 2L), rows.getValues("id", Long.class));
            assertEquals(List.of(NumbersTable.value("f64", 0), NumbersTable.value("f64", 1),
                    NumbersTable.value("f64", 2)), rows.getValues("f64"));
            assertEquals(List.of(NumbersTable.value("amount", 0), NumbersTable.value("amount", 1),
                    NumbersTable.value("amount", 2)), rows.getValues("amount", BigDecimal.class));
        }
    }

    @Test
    void sqlRenderedByTheDefaultDialectRuns() throws SQLException {
        try (Connection c = ENGINE.connect(url)) {
            DSLContext ctx = DSL.using(c, SQLDialect.DEFAULT);
            Field<Long> id = field(name("id"), SQLDataType.BIGINT);
            List<Long> ids = ctx.select(id).from(table(name("analytics", "events")))
                    .where(id.ge(10L)).orderBy(id.desc()).limit(3).offset(1).fetch(id);
            assertEquals(List.of(298L, 297L, 296L), ids);
        }
    }

    @Test
    void sqlRenderedByTheMySqlDialectRuns() throws SQLException {
        try (Connection c = ENGINE.connect(url)) {
            DSLContext ctx = DSL.using(c, SQLDialect.MYSQL);
            Field<String> category = field(name("category"), SQLDataType.VARCHAR);
            Result<Record2<String, Integer>> groups = ctx.select(category, DSL.count())
                    .from(table(name("default", "numbers")))
                    .where(category.isNotNull()).groupBy(category).orderBy(category).fetch();
            List<String> expected = NumbersTable.CATEGORIES.stream().sorted().toList();
            assertEquals(expected, groups.getValues(category));
            long total = groups.stream().mapToLong(Record2::value2).sum();
            long nonNull = LongStream.range(0, 1000)
                    .filter(i -> NumbersTable.value("category", i) != null).count();
            assertEquals(nonNull, total);
        }
    }
}
