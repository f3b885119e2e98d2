package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.expr.CompiledExpr;
import io.lancejdbc.exec.stream.BatchStream;
import io.lancejdbc.sql.plan.SortKey;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The per-split half of ORDER BY … LIMIT: inside a {@link SplitStage} each split keeps only its best
 * {@code keep = offset + limit} rows (a {@link TopNStream} heap, ties in arrival order) and emits them best first; the
 * final {@code TOP_N} above merges the splits' rows, gathered in split order. A row of the global Top-K is among the
 * best {@code keep} of its own split, and rows with equal keys reach the final heap in split order and, within a
 * split, in arrival order, so the result is the serial Top-K's, ties included.
 */
public final class PartialTopNOperator implements PhysicalOperator, StreamTransform {
    private final PhysicalOperator input;
    private final List<SortKey> keys;
    private final int keep;

    /** @param keep rows each split keeps ({@code offset + limit} of the final Top-N), at most {@link TopNStream#MAX_HEAP_ROWS} */
    public PartialTopNOperator(PhysicalOperator input, List<SortKey> keys, int keep) {
        if (keep < 0 || keep > TopNStream.MAX_HEAP_ROWS) {
            throw new IllegalArgumentException("keep must be within 0.." + TopNStream.MAX_HEAP_ROWS);
        }
        this.input = input;
        this.keys = List.copyOf(keys);
        this.keep = keep;
    }

    @Override
    public Schema schema() {
        return input.schema();
    }

    @Override
    public List<PhysicalOperator> children() {
        return List.of(input);
    }

    @Override
    public String name() {
        return "TOP_N (partial, per split)";
    }

    @Override
    public List<String> details() {
        return List.of("order by: " + SortOperator.keysSql(keys), "keep: " + keep);
    }

    @Override
    public PhysicalOperator input() {
        return input;
    }

    @Override
    public PhysicalOperator withInput(PhysicalOperator in) {
        return new PartialTopNOperator(in, keys, keep);
    }

    @Override
    public BatchStream open(ExecContext ctx) {
        return transform(ctx.open(input), ctx);
    }

    @Override
    public BatchStream transform(BatchStream in, ExecContext ctx) {
        List<CompiledExpr> compiled = new ArrayList<>();
        boolean[] asc = new boolean[keys.size()];
        boolean[] nullsFirst = new boolean[keys.size()];
        for (int i = 0; i < keys.size(); i++) {
            compiled.add(ctx.compiler().compile(keys.get(i).expr()));
            asc[i] = keys.get(i).ascending();
            nullsFirst[i] = keys.get(i).nullsFirst();
        }
        return new TopNStream(in, compiled, asc, nullsFirst, 0, keep, ctx);
    }
}
