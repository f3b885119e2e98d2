package io.lancejdbc.exec.fts;

import io.lancejdbc.exec.pin.PinnedTable;
import io.lancejdbc.exec.lance.FullTextQuerySpec;
import io.lancejdbc.exec.operator.ExecContext;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.operator.RenamingStream;
import io.lancejdbc.exec.snapshot.IndexSegment;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.sql.plan.FullTextSearch;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * {@code full_text_search(...)}: one lance-core full-text search over the pinned version, returning the carried
 * table columns and {@code _score}, at most {@code top_k} rows in descending score order (docs/full-text-search.md).
 */
final class FullTextSearchOperator implements PhysicalOperator {
    private final FullTextSearch node;
    private final PinnedTable pinned;
    private final Schema schema;
    private final List<String> carried;

    FullTextSearchOperator(FullTextSearch node, PinnedTable pinned) {
        this.node = node;
        this.pinned = pinned;
        this.schema = new Schema(node.output());
        List<String> names = new ArrayList<>();
        List<Field> out = node.output();
        for (int i = 0; i < out.size() - 1; i++) {
            names.add(out.get(i).getName());
        }
        this.carried = List.copyOf(names);
    }

    @Override
    public Schema schema() {
        return schema;
    }

    @Override
    public List<PhysicalOperator> children() {
        return List.of();
    }

    @Override
    public String name() {
        return "LANCE_FULL_TEXT_SEARCH " + node.table().catalog() + "." + node.table().qualifiedName();
    }

    @Override
    public List<String> details() {
        List<String> out = new ArrayList<>();
        out.add("externalSearchType=FULL_TEXT");
        out.add("lanceCatalogType=" + pinned.catalogType());
        out.add("lanceVersion=" + pinned.snapshot().version());
        if (pinned.versionChoice() != null) {
            out.add("lanceVersionChoice=" + pinned.versionChoice());
        }
        out.add("lanceFtsColumns=" + String.join(", ", node.searchColumns()));
        out.add("lanceFtsIndex=" + indexes());
        out.add("lanceFtsOperator=" + node.operator());
        if (node.fuzziness() >= 0) {
            out.add("lanceFtsFuzziness=" + node.fuzziness());
        }
        out.add("lanceTopK=" + node.topK());
        if (node.filter() != null) {
            out.add("lancePrefilter=" + node.filter());
        }
        out.add("columns: " + String.join(", ", carried));
        return out;
    }

    /**
     * The INVERTED indexes on the searched columns with the fragments they cover, or the note that lance-core
     * tokenizes the column at query time because none covers it.
     */
    private String indexes() {
        Set<String> names = new LinkedHashSet<>();
        Set<Long> covered = new java.util.TreeSet<>();
        for (String column : node.searchColumns()) {
            Integer fieldId = pinned.snapshot().fieldIds().get(column);
            for (IndexSegment s : pinned.snapshot().indexSegments()) {
                if (fieldId != null && s.fieldIds().contains(fieldId) && s.indexType().equalsIgnoreCase("Inverted")) {
                    names.add(s.indexName());
                    s.fragmentIds().ifPresent(covered::addAll);
                }
            }
        }
        int fragments = pinned.snapshot().fragments().size();
        if (names.isEmpty()) {
            return "none (lance-core searches the column without an index, tokenizing it at query time)";
        }
        long unindexed = pinned.snapshot().fragments().stream().filter(f -> !covered.contains((long) f.id())).count();
        return String.join(", ", names) + " (INVERTED; " + (fragments - unindexed) + " of " + fragments
                + " fragments indexed" + (unindexed > 0 ? ", the rest searched without the index" : "") + ")";
    }

    @Override
    public BatchStream open(ExecContext ctx) {
        FullTextQuerySpec q = new FullTextQuerySpec(pinned.source(), pinned.snapshot().version(),
                node.searchColumns(), node.query(), (int) Math.min(node.topK(), Integer.MAX_VALUE), node.fuzziness(),
                node.operator().equals("AND"), Optional.ofNullable(node.filter()), carried, ctx.batchSize());
        return new RenamingStream(ctx.scanReader().fullTextSearch().search(q, ctx.allocator()), schema,
                ctx.allocator());
    }

    @Override
    public String toString() {
        return name() + " " + String.join(", ", details());
    }
}
