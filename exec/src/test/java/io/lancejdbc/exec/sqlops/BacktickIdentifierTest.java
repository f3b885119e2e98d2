package io.lancejdbc.exec.sqlops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.engine.EmbeddedQueryEngine;
import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.sql.types.Types;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A backtick inside a backtick-quoted identifier is written twice ({@code `we``ird`}, MySQL and Doris, what
 * {@code Statement.enquoteIdentifier} writes) for tables, columns, aliases and WITH names. lance-core 7.0.0 cannot scan
 * a column whose name holds a backtick, so reading one is refused by name (42000), and the rest of the table stays
 * readable.
 *
 * <pre>
 * we`ird.lance  (id BIGINT NOT NULL, v BIGINT)        1, 10
 * t.lance       (id BIGINT NOT NULL, we`ird BIGINT)    1, 2
 * </pre>
 */
class BacktickIdentifierTest {
    @TempDir
    static Path dir;
    static EmbeddedQueryEngine engine;
    static EngineSession session;

    @BeforeAll
    static void open() {
        try (RootAllocator allocator = new RootAllocator()) {
            SqlOpsWarehouse.write(allocator, dir.resolve("we`ird.lance"), new Schema(List.of(
                    Types.field("id", Types.INT64, false), Types.field("v", Types.INT64, true))),
                    List.of(SqlOpsWarehouse.row(1L, 10L)));
            SqlOpsWarehouse.write(allocator, dir.resolve("t.lance"), new Schema(List.of(
                    Types.field("id", Types.INT64, false), Types.field("we`ird", Types.INT64, true))),
                    List.of(SqlOpsWarehouse.row(1L, 2L)));
        }
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(Map.of("warehouse", dir.toString())));
    }

    @AfterAll
    static void close() {
        session.close();
        assertEquals(0, engine.rootAllocator().getAllocatedMemory(), "Arrow memory leaked");
        engine.close();
    }

    private static List<List<Object>> rows(String sql) {
        return SqlOpsWarehouse.rows(session, sql);
    }

    @Test
    void aTableNamedWithABacktickIsQueriedWithTheBacktickDoubled() {
        assertEquals(List.of(SqlOpsWarehouse.row(1L, 10L)), rows("SELECT * FROM `we``ird`"));
        assertEquals(List.of(SqlOpsWarehouse.row(10L)), rows("SELECT w.v FROM lance.default.`we``ird` w JOIN t"
                + " ON w.id = t.id"));
        assertEquals("[[id, bigint, NO, false, null, ], [v, bigint, YES, false, null, ]]", rows("DESC `we``ird`")
                .toString());
        assertEquals(List.of(SqlOpsWarehouse.row("t"), SqlOpsWarehouse.row("we`ird")), rows("SHOW TABLES"));
    }

    @Test
    void aliasesAndWithNamesTakeDoubledBackticks() {
        try (var r = session.execute("SELECT v AS `x``y` FROM `we``ird`", List.of(),
                io.lancejdbc.engine.QueryOptions.defaults())) {
            assertEquals("x`y", r.schema().getFields().get(0).getName());
        }
        assertEquals(List.of(SqlOpsWarehouse.row(1L)), rows("WITH `c``te` AS (SELECT 1 AS `o``k`) SELECT `o``k`"
                + " FROM `c``te`"));
    }

    @Test
    void aColumnNamedWithABacktickIsRefusedByNameAndTheRestStaysReadable() {
        String message = "Column 'we`ird' of Lance dataset " + dir.resolve("t.lance").toUri().toString()
                .replaceAll("/$", "") + " cannot be read: lance-core 7.0.0 cannot scan a column whose name contains a"
                + " backtick; leave it out, e.g. SELECT * EXCEPT (`we``ird`) ..., or rename the column";
        for (String sql : List.of("SELECT `we``ird` FROM t", "SELECT * FROM t", "SELECT id FROM t WHERE `we``ird` = 2")) {
            SqlError e = assertThrows(SqlError.class, () -> rows(sql), sql);
            assertEquals("42000", e.sqlState(), sql);
            assertEquals(message, e.getMessage(), sql);
        }
        assertEquals(List.of(SqlOpsWarehouse.row(1L)), rows("SELECT * EXCEPT (`we``ird`) FROM t"));
        assertEquals("[[id, bigint, NO, false, null, ], [we`ird, bigint, YES, false, null, ]]", rows("DESC t").toString());
    }
}
