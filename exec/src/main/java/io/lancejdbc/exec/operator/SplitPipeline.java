package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.stream.BatchStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * A chain of {@link StreamTransform}s over a {@link SplitSource}: each split can be read through the whole chain
 * on its own thread.
 */
public final class SplitPipeline {
    private final SplitSource source;
    private final List<StreamTransform> transforms;

    private SplitPipeline(SplitSource source, List<StreamTransform> transforms) {
        this.source = source;
        this.transforms = List.copyOf(transforms);
    }

    /** The pipeline {@code op} is made of, if it is only transforms over a split source. */
    public static Optional<SplitPipeline> of(PhysicalOperator op) {
        List<StreamTransform> chain = new ArrayList<>();
        PhysicalOperator cur = op;
        while (cur instanceof StreamTransform) {
            chain.add((StreamTransform) cur);
            cur = ((StreamTransform) cur).input();
        }
        if (!(cur instanceof SplitSource)) {
            return Optional.empty();
        }
        Collections.reverse(chain);
        return Optional.of(new SplitPipeline((SplitSource) cur, chain));
    }

    public int splitCount() {
        return source.splitCount();
    }

    /** Split {@code index} read through every transform. */
    public BatchStream open(ExecContext ctx, int index) {
        BatchStream s = source.openSplit(ctx, index);
        for (StreamTransform t : transforms) {
            s = t.transform(s, ctx);
        }
        return s;
    }
}
