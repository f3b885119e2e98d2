package io.lancejdbc.sql.plan;

import io.lancejdbc.sql.catalog.BoundTable;
import io.lancejdbc.sql.types.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * {@code full_text_search(...)}: the Top-K rows of a table that best match a text query by BM25 over the column's
 * INVERTED index (docs/full-text-search.md). Output: the table columns at {@code columns}, then {@code _score}
 * (float32, not null; higher is better).
 *
 * @param table the pinned table
 * @param searchColumns the text columns searched (one: a match query; several: a multi-match query)
 * @param query the query text, tokenized by the index's tokenizer
 * @param topK rows returned at most, &gt;= 1
 * @param filter a Lance filter applied before the search (a prefilter), or null
 * @param fuzziness the edit distance a term may be matched with (match queries), or -1 for exact terms
 * @param operator {@code OR} (any term, the default) or {@code AND} (every term)
 * @param columns positions (in the table schema) of the table columns returned, in output order
 */
public record FullTextSearch(BoundTable table, List<String> searchColumns, String query, long topK, String filter,
        int fuzziness, String operator, List<Integer> columns) implements LogicalPlan {
    /** The generated score column. */
    public static final String SCORE = "_score";

    public FullTextSearch {
        Objects.requireNonNull(table, "table");
        searchColumns = List.copyOf(searchColumns);
        Objects.requireNonNull(query, "query");
        Objects.requireNonNull(operator, "operator");
        columns = List.copyOf(columns);
    }

    /** The same search returning other table columns. */
    public FullTextSearch withColumns(List<Integer> cols) {
        return new FullTextSearch(table, searchColumns, query, topK, filter, fuzziness, operator, cols);
    }

    @Override
    public List<Field> output() {
        List<Field> out = new ArrayList<>();
        List<Field> fields = table.schema().getFields();
        for (int c : columns) {
            out.add(fields.get(c));
        }
        out.add(Types.field(SCORE, Types.FLOAT32, false));
        return out;
    }

    @Override
    public List<LogicalPlan> inputs() {
        return List.of();
    }

    @Override
    public LogicalPlan withInputs(List<LogicalPlan> inputs) {
        return this;
    }
}
