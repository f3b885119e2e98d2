package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.stream.BatchStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * A chain of {@link StreamTransform}s and {@link SplitProbe}s over a {@link SplitSource}: once {@link #prepare
 * prepared} (the build sides of the probes read), each split can be read through the whole chain on its own thread.
 * Built by the planner only; a {@link SplitStage} runs it.
 */
public final class SplitPipeline {
    private final SplitSource source;
    /** Bottom-up: each stage is a StreamTransform or a SplitProbe. */
    private final List<PhysicalOperator> stages;
    /** The chain's top operator (the source itself when there are no stages). */
    private final PhysicalOperator top;

    private SplitPipeline(SplitSource source, List<PhysicalOperator> stages, PhysicalOperator top) {
        this.source = source;
        this.stages = List.copyOf(stages);
        this.top = top;
    }

    /**
     * The pipeline {@code op} is made of, if it is only transforms and split probes over a split source. Gathering
     * {@link SplitStage}s (split order, no probes) inside the chain are dissolved: their splits become this
     * pipeline's splits, and the chain is rebuilt over the bare source, so that the plan has one stage where it had
     * several.
     */
    public static Optional<SplitPipeline> of(PhysicalOperator op) {
        List<PhysicalOperator> chain = new ArrayList<>();
        PhysicalOperator cur = op;
        while (true) {
            if (cur instanceof StreamTransform) {
                chain.add(cur);
                cur = ((StreamTransform) cur).input();
            } else if (cur instanceof SplitProbe && ((SplitProbe) cur).canProbeSplits()) {
                chain.add(cur);
                cur = ((SplitProbe) cur).probeInput();
            } else if (cur instanceof SplitStage && ((SplitStage) cur).isGather()) {
                cur = ((SplitStage) cur).pipeline().top;
            } else {
                break;
            }
        }
        if (!(cur instanceof SplitSource) || cur instanceof SplitStage) {
            return Optional.empty();
        }
        Collections.reverse(chain);
        List<PhysicalOperator> rebuilt = new ArrayList<>();
        PhysicalOperator below = cur;
        for (PhysicalOperator stage : chain) {
            below = stage instanceof StreamTransform ? ((StreamTransform) stage).withInput(below)
                    : ((SplitProbe) ((SplitProbe) stage).withProbeInput(below)).asSplitProbe();
            rebuilt.add(below);
        }
        return Optional.of(new SplitPipeline((SplitSource) cur, rebuilt, below));
    }

    /** The source alone: each split read as it is. */
    public static SplitPipeline over(SplitSource source) {
        return new SplitPipeline(source, List.of(), (PhysicalOperator) source);
    }

    /** This pipeline with {@code transform} (whose input is {@link #top()}) applied to every split. */
    public SplitPipeline then(StreamTransform transform) {
        if (transform.input() != top) {
            throw new IllegalArgumentException("the transform must read this pipeline's top operator");
        }
        List<PhysicalOperator> more = new ArrayList<>(stages);
        more.add((PhysicalOperator) transform);
        return new SplitPipeline(source, more, (PhysicalOperator) transform);
    }

    /** The schema of the rows the source's splits read, before any stage. */
    public org.apache.arrow.vector.types.pojo.Schema sourceSchema() {
        return ((PhysicalOperator) source).schema();
    }

    /** The operator whose output each split's stream is. */
    public PhysicalOperator top() {
        return top;
    }

    /** Whether some stage is a split probe (whose shared build side must be prepared before splits open). */
    public boolean hasProbes() {
        for (PhysicalOperator s : stages) {
            if (!(s instanceof StreamTransform)) {
                return true;
            }
        }
        return false;
    }

    public int splitCount() {
        return source.splitCount();
    }

    /**
     * Prepares the split probes of the pipeline (reads their build sides) on the calling thread.
     *
     * @return the pipeline ready to open splits; close it after every split stream is closed
     * @throws io.lancejdbc.engine.SqlError as preparing a probe does; what was prepared before is then released
     */
    public Prepared prepare(ExecContext ctx) {
        return prepare(ctx, ctx.batchSize());
    }

    /**
     * As {@link #prepare(ExecContext)}, with the splits read in batches of {@code splitRows} rows (the build sides
     * of the probes keep the context's batch size).
     */
    public Prepared prepare(ExecContext ctx, int splitRows) {
        List<SplitProbe.Prepared> probes = new ArrayList<>();
        try {
            for (PhysicalOperator stage : stages) {
                probes.add(stage instanceof SplitProbe ? ((SplitProbe) stage).prepare(ctx) : null);
            }
        } catch (RuntimeException | Error e) {
            closeAll(probes);
            throw e;
        }
        return new Prepared(splitRows == ctx.batchSize() ? ctx : ctx.withBatchSize(splitRows), probes);
    }

    private static void closeAll(List<SplitProbe.Prepared> probes) {
        for (SplitProbe.Prepared p : probes) {
            if (p != null) {
                p.close();
            }
        }
    }

    /** A pipeline whose probes are prepared for one execution. */
    public final class Prepared implements AutoCloseable {
        private final ExecContext ctx;
        private final List<SplitProbe.Prepared> probes;
        private boolean closed;

        private Prepared(ExecContext ctx, List<SplitProbe.Prepared> probes) {
            this.ctx = ctx;
            this.probes = probes;
        }

        /** Split {@code index} read through every stage (any thread). */
        public BatchStream open(int index) {
            BatchStream s = ctx.observe((PhysicalOperator) source, source.openSplit(ctx, index));
            try {
                for (int i = 0; i < stages.size(); i++) {
                    PhysicalOperator stage = stages.get(i);
                    s = ctx.observe(stage, stage instanceof SplitProbe ? probes.get(i).probe(s)
                            : ((StreamTransform) stage).transform(s, ctx));
                }
            } catch (RuntimeException | Error e) {
                s.close();
                throw e;
            }
            return s;
        }

        /** Releases the prepared build sides (once; every split stream must be closed before). */
        @Override
        public synchronized void close() {
            if (!closed) {
                closed = true;
                closeAll(probes);
            }
        }
    }
}
