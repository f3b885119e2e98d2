package io.lancejdbc.exec.lance;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Moves the current batch of a reader's reusable {@link VectorSchemaRoot} into a new root the caller owns.
 *
 * <p>Within one allocator tree (same root allocator) the buffers change owner without copying. Arrow cannot
 * transfer buffers between two root allocators, so across roots the batch is copied once through the Arrow IPC
 * format.
 */
final class BatchTransfer {

    private BatchTransfer() {
    }

    /**
     * @param source a reader's root; left with empty vectors afterwards
     * @param target allocator that will own the returned root
     * @return a new root with {@code source}'s schema and rows, owned by the caller
     */
    static VectorSchemaRoot moveTo(VectorSchemaRoot source, BufferAllocator sourceAllocator,
            BufferAllocator target) {
        if (sourceAllocator.getRoot() == target.getRoot()) {
            return transfer(source, target);
        }
        return copyThroughIpc(source, target);
    }

    /** Zero-copy move; {@code target} must share the source buffers' root allocator. */
    static VectorSchemaRoot transfer(VectorSchemaRoot source, BufferAllocator target) {
        int rows = source.getRowCount();
        List<FieldVector> moved = new ArrayList<>(source.getFieldVectors().size());
        try {
            for (FieldVector v : source.getFieldVectors()) {
                TransferPair pair = v.getTransferPair(target);
                pair.transfer();
                moved.add((FieldVector) pair.getTo());
            }
        } catch (RuntimeException e) {
            moved.forEach(FieldVector::close);
            throw e;
        }
        return new VectorSchemaRoot(source.getSchema(), moved, rows);
    }

    /** The bytes held by the buffers of {@code root}'s vectors. */
    static long bufferBytes(VectorSchemaRoot root) {
        long n = 0;
        for (FieldVector v : root.getFieldVectors()) {
            n += v.getBufferSize();
        }
        return n;
    }

    private static VectorSchemaRoot copyThroughIpc(VectorSchemaRoot source, BufferAllocator target) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ArrowStreamWriter writer = new ArrowStreamWriter(source, null, Channels.newChannel(bytes))) {
            writer.start();
            writer.writeBatch();
            writer.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (ArrowStreamReader reader = new ArrowStreamReader(new ByteArrayInputStream(bytes.toByteArray()), target)) {
            VectorSchemaRoot copy = reader.getVectorSchemaRoot();
            if (!reader.loadNextBatch()) {
                throw new IllegalStateException("IPC copy lost its batch");
            }
            return transfer(copy, target);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
