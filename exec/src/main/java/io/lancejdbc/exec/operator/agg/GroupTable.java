package io.lancejdbc.exec.operator.agg;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/** Assigns dense group ids (0, 1, 2, ...) to the distinct key tuples of the rows it sees. */
interface GroupTable extends AutoCloseable {

    /**
     * Looks up or inserts the key of every row.
     *
     * @param keys the key vectors of one batch
     * @param rows number of rows
     * @param groupIds receives the group id of each row
     */
    void assign(FieldVector[] keys, int rows, int[] groupIds);

    /** Number of groups so far. */
    int size();

    /** Writes the key values of groups 0..size()-1 into new vectors (one per key field). */
    FieldVector[] keyVectors(Field[] fields, BufferAllocator allocator);

    /** Approximate heap bytes held (for memory accounting). */
    long estimatedBytes();

    /** Frees the Arrow memory the table holds (its copies of key values); idempotent. */
    @Override
    default void close() {
    }
}
