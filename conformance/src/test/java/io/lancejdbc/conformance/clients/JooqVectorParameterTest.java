package io.lancejdbc.conformance.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import org.jooq.Record;
import org.jooq.Result;
import org.jooq.SQLDialect;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * jOOQ has no binding for {@code float[]}, so the jOOQ way to pass a {@code query_vector} is its JSON-array text as
 * an ordinary bind value (docs/vector-search.md): the engine reads a text parameter of vector_search's
 * {@code query_vector} as the JSON array it would accept as a literal.
 */
@EngineContract
class JooqVectorParameterTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    @Test
    void aJsonArrayStringBindsAsTheQueryVector() throws SQLException {
        try (Connection c = ENGINE.connect(SharedDemoWarehouse.url())) {
            float[] toys = {0, 0, 0, 1, 0, 0, 0, 0};
            String json = Arrays.toString(toys);
            Result<Record> rows = DSL.using(c, SQLDialect.DEFAULT).fetch("SELECT id FROM vector_search("
                    + "\"table\" = \"items\", \"column\" = \"embedding\", \"query_vector\" = ?, \"top_k\" = 4)", json);
            assertEquals(4, rows.size());
            for (Record r : rows) {
                assertEquals(3L, r.get("id", Long.class) % 5, "a toy: " + r);
            }
        }
    }
}
