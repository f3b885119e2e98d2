package io.lancejdbc.exec.engine;

import io.lancejdbc.engine.EngineSession;
import io.lancejdbc.engine.QueryOptions;
import io.lancejdbc.engine.QueryResult;
import io.lancejdbc.exec.expr.ValueAccess;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;

/** Runs a statement on a session and collects every row as a list of Java values (test helper). */
final class SessionRows {
    private SessionRows() {
    }

    static List<List<Object>> rows(EngineSession session, String sql) {
        List<List<Object>> out = new ArrayList<>();
        try (QueryResult r = session.execute(sql, List.of(), QueryOptions.defaults())) {
            for (VectorSchemaRoot next = r.nextBatch(); next != null; next = r.nextBatch()) {
                try (VectorSchemaRoot batch = next) {
                    List<ValueAccess.Getter> getters = new ArrayList<>();
                    for (var v : batch.getFieldVectors()) {
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

    /** The first column of every row, as text. */
    static List<String> column(EngineSession session, String sql) {
        return rows(session, sql).stream().map(r -> String.valueOf(r.get(0))).toList();
    }
}
