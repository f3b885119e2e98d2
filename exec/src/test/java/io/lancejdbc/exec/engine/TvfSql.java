package io.lancejdbc.exec.engine;

import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.exec.expr.ValueAccess;
import io.lancejdbc.engine.SqlError;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** Runs SQL through an {@link EngineSession} for the file TVF tests and collects rows, plans and errors. */
final class TvfSql {
    private TvfSql() {
    }

    /** Every row of the result, in delivery order, values as {@link ValueAccess} reads them. */
    static List<List<Object>> rows(EngineSession session, String sql) {
        return rows(session, sql, QueryOptions.defaults());
    }

    static List<List<Object>> rows(EngineSession session, String sql, QueryOptions options) {
        List<List<Object>> out = new ArrayList<>();
        try (QueryResult r = session.execute(sql, List.of(), options)) {
            VectorSchemaRoot b;
            while ((b = r.nextBatch()) != null) {
                try (VectorSchemaRoot batch = b) {
                    List<ValueAccess.Getter> getters = new ArrayList<>();
                    for (FieldVector v : batch.getFieldVectors()) {
                        getters.add(ValueAccess.getter(v));
                    }
                    for (int i = 0; i < batch.getRowCount(); i++) {
                        List<Object> row = new ArrayList<>();
                        for (ValueAccess.Getter g : getters) {
                            row.add(g.get(i));
                        }
                        out.add(row);
                    }
                }
            }
        }
        return out;
    }

    /** The EXPLAIN text, one line per plan line. */
    static String explain(EngineSession session, String sql) {
        return rows(session, "EXPLAIN " + sql).stream().map(r -> String.valueOf(r.get(0)))
                .collect(Collectors.joining("\n"));
    }

    /** The error running {@code sql} fails with (its result, if one is returned, is drained and closed). */
    static SqlError error(EngineSession session, String sql) {
        return assertThrows(SqlError.class, () -> rows(session, sql), sql);
    }

    /** A JSON array literal for {@code "uris"}, quoted as an SQL string. */
    static String uris(String... elements) {
        return "'[" + java.util.Arrays.stream(elements).map(e -> "\"" + e.replace("\\", "\\\\") + "\"")
                .collect(Collectors.joining(", ")) + "]'";
    }
}
