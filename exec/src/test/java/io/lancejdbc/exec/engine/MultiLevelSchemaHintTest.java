package io.lancejdbc.exec.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.config.EngineConfig;
import io.lancejdbc.exec.sqlops.SqlOpsWarehouse;
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
 * A table of a two-level schema written without backticks ({@code sub.deeper.dims}) reads as catalog {@code sub}:
 * the 3F000 says which quoted name was meant, as the two-part form's 42S02 does.
 *
 * <pre>
 * sub/deeper/dims.lance   a dataset (id BIGINT NOT NULL): 7
 * </pre>
 */
class MultiLevelSchemaHintTest {
    @TempDir
    static Path dir;
    static EmbeddedQueryEngine engine;
    static EngineSession session;

    @BeforeAll
    static void open() throws Exception {
        try (RootAllocator allocator = new RootAllocator()) {
            SqlOpsWarehouse.write(allocator, dir.resolve("sub").resolve("deeper").resolve("dims.lance"), new Schema(
                    List.of(Types.field("id", Types.INT64, false))), List.of(SqlOpsWarehouse.row(7L)));
        }
        engine = new EmbeddedQueryEngine();
        session = engine.openSession(EngineConfig.of(Map.of("warehouse", dir.toString())));
    }

    @AfterAll
    static void close() {
        session.close();
        engine.close();
    }

    @Test
    void anUnquotedMultiLevelSchemaNamesTheQuotedForm() {
        SqlError e = assertThrows(SqlError.class, () -> SqlOpsWarehouse.rows(session, "SELECT id FROM sub.deeper.dims"));
        assertEquals("3F000", e.sqlState());
        assertEquals("Unknown catalog 'sub'; this connection's catalog is 'lance'; did you mean `sub.deeper`.dims (a"
                + " multi-level schema is one name, in backticks)?", e.getMessage());
        assertEquals(List.of(SqlOpsWarehouse.row(7L)), SqlOpsWarehouse.rows(session, "SELECT id FROM `sub.deeper`.dims"));
    }

    @Test
    void anUnknownCatalogWithoutSuchASchemaGetsNoHint() {
        SqlError e = assertThrows(SqlError.class, () -> SqlOpsWarehouse.rows(session, "SELECT id FROM x.y.dims"));
        assertEquals("Unknown catalog 'x'; this connection's catalog is 'lance'", e.getMessage());
    }
}
