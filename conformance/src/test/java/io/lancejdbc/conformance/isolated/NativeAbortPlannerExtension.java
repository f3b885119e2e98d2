package io.lancejdbc.conformance.isolated;

import io.lancejdbc.exec.pin.PinnedTable;
import io.lancejdbc.exec.operator.PhysicalOperator;
import io.lancejdbc.exec.plan.PhysicalPlanner;
import io.lancejdbc.exec.plan.PhysicalPlannerExtension;
import io.lancejdbc.sql.plan.LogicalPlan;
import io.lancejdbc.sql.plan.VectorSearch;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.lance.Dataset;
import org.lance.ipc.LanceScanner;
import org.lance.ipc.Query;
import org.lance.ipc.ScanOptions;

/**
 * TEST ONLY: a real native abort inside lance-core, for the isolated mode's crash test. It exists only in the
 * conformance test sources (registered through this module's test {@code META-INF/services}), so only an engine
 * whose class path is the test class path has it; the driver jars and a normal build never do.
 *
 * <p>It claims a {@code vector_search} over a table named {@value #TABLE} and runs, before any planning, the
 * lance-core 7.0.0 call that aborts the JVM (lance-core notes section 8): a nearest query through an index with
 * {@code withRowAddress(true)}, whose Rust panic ("Take should not be used to insert row_id / row_addr") cannot
 * unwind through JNI. Every other node is left to the real planners.
 */
public final class NativeAbortPlannerExtension implements PhysicalPlannerExtension {
    /** The table name that triggers the abort. */
    public static final String TABLE = "lance_jdbc_test_native_abort";

    @Override
    public PhysicalOperator plan(LogicalPlan node, PhysicalPlanner planner) {
        if (!(node instanceof VectorSearch) || !((VectorSearch) node).table().name().equals(TABLE)
                || !(((VectorSearch) node).table().handle() instanceof PinnedTable)) {
            return null;
        }
        VectorSearch vs = (VectorSearch) node;
        String uri = ((PinnedTable) vs.table().handle()).snapshot().uri();
        float[] key = new float[vs.spec().queryVector().length];
        for (int i = 0; i < key.length; i++) {
            key[i] = (float) vs.spec().queryVector()[i];
        }
        Query q = new Query.Builder().setColumn(vs.spec().column()).setKey(key).setK(5).setUseIndex(true).build();
        ScanOptions scan = new ScanOptions.Builder().nearest(q).withRowAddress(true).build();
        try (BufferAllocator a = new RootAllocator();
                Dataset ds = Dataset.open().allocator(a).uri(uri).build();
                LanceScanner scanner = ds.newScan(scan);
                ArrowReader reader = scanner.scanBatches()) {
            while (reader.loadNextBatch()) {
                continue;
            }
        } catch (Exception e) {
            throw new IllegalStateException("expected lance-core to abort the JVM, but it threw", e);
        }
        throw new IllegalStateException("expected lance-core to abort the JVM on an indexed nearest with row addresses,"
                + " but it answered (has lance-core been fixed? lance-core notes section 8)");
    }
}
