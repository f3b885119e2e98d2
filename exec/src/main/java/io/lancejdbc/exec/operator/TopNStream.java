package io.lancejdbc.exec.operator;

import io.lancejdbc.exec.expr.CompiledExpr;
import io.lancejdbc.exec.expr.Evaluated;
import io.lancejdbc.exec.stream.BatchStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * ORDER BY … LIMIT {@code limit} OFFSET {@code offset} as a bounded heap of the best {@code keep = offset + limit}
 * rows seen so far, the worst at the top. Each input row costs one comparison with the top unless it belongs in the
 * heap; a batch none of whose rows enters the heap is released at once. When the batches still held grow past
 * {@code max(2 * keep, 65,536)} rows, the heap's rows are copied into one batch and the rest released, so memory
 * stays bounded by the limit, not the input. Rows with equal keys keep input order (the heap breaks ties by arrival),
 * which is the order the full sort's stable merge sort gives. The first key is compared through its
 * {@link SortPrefix} codes where its type has them.
 */
final class TopNStream implements BatchStream {
    /** The largest {@code offset + limit} run as a heap; larger Top-Ns use the buffering sort. */
    static final int MAX_HEAP_ROWS = 1 << 20;
    private static final int MIN_COMPACTION_ROWS = 65_536;

    private final BatchStream in;
    private final List<CompiledExpr> keys;
    private final boolean[] ascending;
    private final boolean[] nullsFirst;
    private final int offset;
    private final int keep;
    private final ExecContext ctx;

    private final List<VectorSchemaRoot> batches = new ArrayList<>();
    private final List<List<FieldVector>> keyVectors = new ArrayList<>();
    private final List<List<Evaluated>> keyValues = new ArrayList<>();
    /** The first key's {@link SortPrefix} codes per held batch (null entries when the type has none). */
    private final List<long[]> prefixes = new ArrayList<>();
    private long[][] prefixByBatch = new long[0][];
    /** Row references {@code (batch << 32) | row}, a max-heap: {@code heap[0]} is the worst row kept. */
    private long[] heap;
    private int heapSize;
    private long heldRows;
    private RowComparator comparator;

    private long[] order;
    private int position;
    private int end;

    TopNStream(BatchStream in, List<CompiledExpr> keys, boolean[] ascending, boolean[] nullsFirst, int offset,
            int limit, ExecContext ctx) {
        this.in = in;
        this.keys = keys;
        this.ascending = ascending;
        this.nullsFirst = nullsFirst;
        this.offset = offset;
        this.keep = offset + limit;
        this.ctx = ctx;
        this.heap = new long[Math.min(keep, 1024)];
    }

    @Override
    public Schema schema() {
        return in.schema();
    }

    @Override
    public VectorSchemaRoot next() {
        if (order == null) {
            consumeInput();
            order = sortedHeap();
            position = Math.min(offset, heapSize);
            end = heapSize;
        }
        if (position >= end) {
            return null;
        }
        int to = Math.min(end, position + ctx.batchSize());
        VectorSchemaRoot out = RowGatherer.gather(in.schema(), batches, order, position, to, ctx.allocator());
        position = to;
        return out;
    }

    private void consumeInput() {
        VectorSchemaRoot b;
        while ((b = in.next()) != null) {
            ctx.cancellation().throwIfCancelled();
            if (b.getRowCount() == 0 || keep == 0) {
                b.close();
                continue;
            }
            hold(b);
            if (!offerLastBatch()) {
                releaseLast();
            } else if (heldRows > Math.max(2L * keep, MIN_COMPACTION_ROWS)) {
                compact();
            }
        }
    }

    private void hold(VectorSchemaRoot b) {
        List<Evaluated> kv = new ArrayList<>(keys.size());
        try {
            for (CompiledExpr e : keys) {
                kv.add(e.evaluate(b, ctx.allocator()));
            }
        } catch (RuntimeException e) {
            kv.forEach(Evaluated::close);
            b.close();
            throw e;
        }
        List<FieldVector> vs = new ArrayList<>(kv.size());
        for (Evaluated e : kv) {
            vs.add(e.vector());
        }
        batches.add(b);
        keyValues.add(kv);
        keyVectors.add(vs);
        prefixes.add(SortPrefix.encode(vs.get(0), ascending[0], nullsFirst[0]));
        prefixByBatch = prefixes.toArray(new long[0][]);
        heldRows += b.getRowCount();
        comparator = new RowComparator(keyVectors, ascending, nullsFirst);
    }

    /** Offers every row of the newest batch to the heap; true when at least one row entered it. */
    private boolean offerLastBatch() {
        int bi = batches.size() - 1;
        int n = batches.get(bi).getRowCount();
        boolean entered = false;
        for (int r = 0; r < n; r++) {
            long ref = ((long) bi << 32) | r;
            if (heapSize < keep) {
                push(ref);
                entered = true;
            } else if (compare(ref, heap[0]) < 0) {
                heap[0] = ref;
                siftDown(0);
                entered = true;
            }
        }
        return entered;
    }

    /** Key order, ties broken by arrival: batches are held in arrival order and rows within a batch too. */
    private int compare(long a, long b) {
        long[] pa = prefixByBatch[(int) (a >>> 32)];
        long[] pb = prefixByBatch[(int) (b >>> 32)];
        if (pa != null && pb != null) {
            long x = pa[(int) a];
            long y = pb[(int) b];
            if (x != y) {
                return x < y ? -1 : 1;
            }
        }
        int c = comparator.compare(a, b);
        return c != 0 ? c : Long.compare(a, b);
    }

    private void push(long ref) {
        if (heapSize == heap.length) {
            heap = Arrays.copyOf(heap, (int) Math.min(keep, 2L * heap.length));
        }
        int i = heapSize++;
        heap[i] = ref;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (compare(heap[i], heap[parent]) <= 0) {
                break;
            }
            swap(i, parent);
            i = parent;
        }
    }

    private void siftDown(int i) {
        while (true) {
            int l = 2 * i + 1;
            if (l >= heapSize) {
                return;
            }
            int worst = l + 1 < heapSize && compare(heap[l + 1], heap[l]) > 0 ? l + 1 : l;
            if (compare(heap[worst], heap[i]) <= 0) {
                return;
            }
            swap(i, worst);
            i = worst;
        }
    }

    private void swap(int i, int j) {
        long t = heap[i];
        heap[i] = heap[j];
        heap[j] = t;
    }

    /** The heap's rows best first: arrival order, then a stable sort by key. */
    private long[] sortedHeap() {
        long[] refs = Arrays.copyOf(heap, heapSize);
        Arrays.sort(refs);
        if (heapSize > 1) {
            comparator.sort(refs, heapSize);
        }
        return refs;
    }

    /** Copies the heap's rows, best first, into one batch and releases every other batch. */
    private void compact() {
        long[] refs = sortedHeap();
        VectorSchemaRoot kept = RowGatherer.gather(in.schema(), batches, refs, 0, refs.length, ctx.allocator());
        releaseAll();
        hold(kept);
        // Best first at index 0 means worst last: reversed, the array is a valid max-heap.
        heapSize = refs.length;
        for (int i = 0; i < heapSize; i++) {
            heap[i] = heapSize - 1 - i;
        }
    }

    private void releaseLast() {
        int last = batches.size() - 1;
        keyValues.remove(last).forEach(Evaluated::close);
        keyVectors.remove(last);
        prefixes.remove(last);
        prefixByBatch = prefixes.toArray(new long[0][]);
        VectorSchemaRoot b = batches.remove(last);
        heldRows -= b.getRowCount();
        b.close();
        comparator = batches.isEmpty() ? null : new RowComparator(keyVectors, ascending, nullsFirst);
    }

    private void releaseAll() {
        for (List<Evaluated> l : keyValues) {
            l.forEach(Evaluated::close);
        }
        keyValues.clear();
        keyVectors.clear();
        prefixes.clear();
        prefixByBatch = new long[0][];
        for (VectorSchemaRoot b : batches) {
            b.close();
        }
        batches.clear();
        heldRows = 0;
        heapSize = 0;
        comparator = null;
    }

    @Override
    public void close() {
        releaseAll();
        in.close();
    }
}
