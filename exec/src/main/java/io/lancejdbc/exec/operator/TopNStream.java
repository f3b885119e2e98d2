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
 * rows seen so far, the worst at the top.
 *
 * <p>Where the first key's type has {@link SortPrefix} codes, each batch's first key is encoded once into a reused
 * {@code long[]}, and once the heap is full a tight loop over those codes skips every row whose code is above the
 * code of the worst row kept (such a row cannot enter); only a row with a lower code (it enters) or an equal one
 * (compared in full, every key, then by arrival) costs more. A batch none of whose rows can enter is released at
 * once, before its other keys are evaluated. The heap keeps its rows' codes next to their references, so sifting
 * compares {@code long}s and falls back to the full comparison only on equal codes.
 *
 * <p>Batches with rows in the heap are held; when they grow past {@code max(2 * keep, 65,536)} rows, the heap's rows
 * are copied, in arrival order, into one batch and the rest released, so memory stays bounded by the limit, not the
 * input. Rows with equal keys keep input order (the heap breaks ties by arrival, and the copy keeps arrival order),
 * which is the order the full sort's stable merge sort gives.
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
    /** Whether the first key has {@link SortPrefix} codes; decided by the first batch's key vector. */
    private boolean coded;
    private boolean codedDecided;

    private final List<VectorSchemaRoot> batches = new ArrayList<>();
    private final List<List<FieldVector>> keyVectors = new ArrayList<>();
    private final List<List<Evaluated>> keyValues = new ArrayList<>();
    /** Row references {@code (batch << 32) | row}, a max-heap: {@code heap[0]} is the worst row kept. */
    private long[] heap;
    /** {@code heapCodes[i]} is the first key's code of {@code heap[i]} (unused when not {@link #coded}). */
    private long[] heapCodes;
    private int heapSize;
    private long heldRows;
    /** The full comparison over the held batches, built when first needed after they change. */
    private RowComparator comparator;
    /** The current batch's first-key codes (reused across batches). */
    private long[] codes = new long[0];

    private long[] order;
    /** Builds the output batches from the held batches in {@link #order}, once the input is consumed. */
    private RowGatherer output;
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
        int initial = Math.min(keep, 1024);
        this.heap = new long[initial];
        this.heapCodes = new long[initial];
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
            output = new RowGatherer(in.schema(), batches);
            position = Math.min(offset, heapSize);
            end = heapSize;
        }
        if (position >= end) {
            return null;
        }
        int to = Math.min(end, position + ctx.batchSize());
        VectorSchemaRoot out = output.gather(order, position, to, ctx.allocator());
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
            offer(b);
        }
    }

    /** Offers every row of {@code b} to the heap; holds {@code b} if a row entered, releases it otherwise. */
    private void offer(VectorSchemaRoot b) {
        int n = b.getRowCount();
        Evaluated first;
        try {
            first = keys.get(0).evaluate(b, ctx.allocator());
        } catch (RuntimeException e) {
            b.close();
            throw e;
        }
        try {
            encodeFirstKey(first.vector(), n);
        } catch (RuntimeException e) {
            first.close();
            b.close();
            throw e;
        }
        int r = 0;
        if (coded && heapSize == keep) {
            r = nextCandidate(codes, 0, n, heapCodes[0]);
            if (r == n) {
                first.close();
                b.close();
                return;
            }
        }
        hold(b, first);
        int bi = batches.size() - 1;
        long[] c = codes;
        boolean entered = false;
        while (r < n) {
            long ref = ((long) bi << 32) | r;
            long code = coded ? c[r] : 0L;
            if (heapSize < keep) {
                push(ref, code);
                entered = true;
            } else if (coded ? code < heapCodes[0] || code == heapCodes[0] && fullCompare(ref, heap[0]) < 0
                    : fullCompare(ref, heap[0]) < 0) {
                heap[0] = ref;
                heapCodes[0] = code;
                siftDown(0);
                entered = true;
            }
            r++;
            if (coded && heapSize == keep) {
                r = nextCandidate(c, r, n, heapCodes[0]);
            }
        }
        if (!entered) {
            releaseLast();
        } else if (heldRows > Math.max(2L * keep, MIN_COMPACTION_ROWS)) {
            compact();
        }
    }

    private void encodeFirstKey(FieldVector key, int n) {
        if (!codedDecided) {
            coded = SortPrefix.hasCodes(key.getField().getType());
            codedDecided = true;
        }
        if (!coded) {
            return;
        }
        if (codes.length < n) {
            codes = new long[Math.max(n, 2 * codes.length)];
        }
        if (!SortPrefix.encode(key, ascending[0], nullsFirst[0], codes)) {
            // The heap holds codes of earlier batches: a batch without codes cannot be ordered against them.
            throw new IllegalStateException("sort key " + key.getField() + " changed type between batches");
        }
    }

    /** The first row at or after {@code from} whose code is at most {@code threshold}, or {@code n}. */
    private static int nextCandidate(long[] codes, int from, int n, long threshold) {
        int r = from;
        while (r < n && codes[r] > threshold) {
            r++;
        }
        return r;
    }

    private void hold(VectorSchemaRoot b, Evaluated first) {
        List<Evaluated> kv = new ArrayList<>(keys.size());
        kv.add(first);
        try {
            for (int k = 1; k < keys.size(); k++) {
                kv.add(keys.get(k).evaluate(b, ctx.allocator()));
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
        heldRows += b.getRowCount();
        comparator = null;
    }

    private RowComparator comparator() {
        if (comparator == null) {
            comparator = new RowComparator(keyVectors, ascending, nullsFirst);
        }
        return comparator;
    }

    /** Key order over every key, ties broken by arrival: batches are held in arrival order, rows within one too. */
    private int fullCompare(long a, long b) {
        int c = comparator().compare(a, b);
        return c != 0 ? c : Long.compare(a, b);
    }

    /** Compares heap slots {@code i} and {@code j}: codes first, the full comparison on equal codes. */
    private int compareSlots(int i, int j) {
        if (coded) {
            long x = heapCodes[i];
            long y = heapCodes[j];
            if (x != y) {
                return x < y ? -1 : 1;
            }
        }
        return fullCompare(heap[i], heap[j]);
    }

    private void push(long ref, long code) {
        if (heapSize == heap.length) {
            int grown = (int) Math.min(keep, 2L * heap.length);
            heap = Arrays.copyOf(heap, grown);
            heapCodes = Arrays.copyOf(heapCodes, grown);
        }
        int i = heapSize++;
        heap[i] = ref;
        heapCodes[i] = code;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (compareSlots(i, parent) <= 0) {
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
            int worst = l + 1 < heapSize && compareSlots(l + 1, l) > 0 ? l + 1 : l;
            if (compareSlots(worst, i) <= 0) {
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
        long c = heapCodes[i];
        heapCodes[i] = heapCodes[j];
        heapCodes[j] = c;
    }

    /** The heap's rows best first: arrival order, then a stable sort by key. */
    private long[] sortedHeap() {
        long[] refs = Arrays.copyOf(heap, heapSize);
        Arrays.sort(refs);
        if (heapSize > 1) {
            comparator().sort(refs, heapSize);
        }
        return refs;
    }

    /**
     * Copies the heap's rows, in arrival order, into one batch and releases every other batch. The heap keeps its
     * shape and codes; each slot is re-pointed at its row's place in the copy, which preserves arrival order, so ties
     * still break as before.
     */
    private void compact() {
        long[] arrival = Arrays.copyOf(heap, heapSize);
        Arrays.sort(arrival);
        VectorSchemaRoot kept = RowGatherer.gather(in.schema(), batches, arrival, 0, arrival.length,
                ctx.allocator());
        for (int i = 0; i < heapSize; i++) {
            heap[i] = Arrays.binarySearch(arrival, heap[i]);
        }
        int size = heapSize;
        releaseAll();
        heapSize = size;
        Evaluated first;
        try {
            first = keys.get(0).evaluate(kept, ctx.allocator());
        } catch (RuntimeException e) {
            kept.close();
            throw e;
        }
        hold(kept, first);
    }

    private void releaseLast() {
        int last = batches.size() - 1;
        keyValues.remove(last).forEach(Evaluated::close);
        keyVectors.remove(last);
        VectorSchemaRoot b = batches.remove(last);
        heldRows -= b.getRowCount();
        b.close();
        comparator = null;
    }

    private void releaseAll() {
        for (List<Evaluated> l : keyValues) {
            l.forEach(Evaluated::close);
        }
        keyValues.clear();
        keyVectors.clear();
        for (VectorSchemaRoot b : batches) {
            b.close();
        }
        batches.clear();
        heldRows = 0;
        heapSize = 0;
        comparator = null;
        output = null;
    }

    @Override
    public void close() {
        releaseAll();
        in.close();
    }
}
