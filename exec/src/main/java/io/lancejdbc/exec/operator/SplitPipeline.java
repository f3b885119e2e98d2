package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.stream.BatchStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * A chain of {@link StreamTransform}s and {@link SplitProbe}s over a {@link SplitSource}: once {@link #prepare
 * prepared} (the build sides of the probes read), each split can be read through the whole chain on its own thread.
 */
public final class SplitPipeline {
    private final SplitSource source;
    /** Bottom-up: each stage is a StreamTransform or a SplitProbe. */
    private final List<PhysicalOperator> stages;

    private SplitPipeline(SplitSource source, List<PhysicalOperator> stages) {
        this.source = source;
        this.stages = List.copyOf(stages);
    }

    /** The pipeline {@code op} is made of, if it is only transforms and split probes over a split source. */
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
            } else {
                break;
            }
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

    /**
     * Prepares the split probes of the pipeline (reads their build sides) on the calling thread.
     *
     * @return the pipeline ready to open splits; close it after every split stream is closed
     * @throws io.lancejdbc.engine.SqlError as preparing a probe does; what was prepared before is then released
     */
    public Prepared prepare(ExecContext ctx) {
        List<SplitProbe.Prepared> probes = new ArrayList<>();
        try {
            for (PhysicalOperator stage : stages) {
                probes.add(stage instanceof SplitProbe ? ((SplitProbe) stage).prepare(ctx) : null);
            }
        } catch (RuntimeException | Error e) {
            closeAll(probes);
            throw e;
        }
        return new Prepared(ctx, probes);
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
            BatchStream s = source.openSplit(ctx, index);
            try {
                for (int i = 0; i < stages.size(); i++) {
                    PhysicalOperator stage = stages.get(i);
                    s = stage instanceof SplitProbe ? probes.get(i).probe(s) : ((StreamTransform) stage).transform(s,
                            ctx);
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
