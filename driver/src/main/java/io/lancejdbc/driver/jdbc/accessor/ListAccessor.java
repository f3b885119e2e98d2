package io.lancejdbc.driver.jdbc.accessor;

import io.lancejdbc.driver.jdbc.ArrowTypeMapping;
import io.lancejdbc.driver.jdbc.LanceArray;
import java.sql.Array;
import java.sql.SQLException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;

/**
 * list, large_list and fixed_size_list → ARRAY. {@code getObject}/{@code getArray} copy the row's elements into
 * a {@link LanceArray}; {@code getObject(i, float[].class)} (also {@code double[]}, {@code long[]}, {@code int[]})
 * reads an embedding straight into a primitive array without boxing, failing with 22004 on a NULL element.
 */
public abstract class ListAccessor extends ArrowAccessor {
    private final ColumnAccessor elements;

    ListAccessor(FieldVector vector, FieldVector elementVector, String column) {
        super(vector, column, ArrowTypeMapping.of(vector.getField()));
        this.elements = ArrowAccessors.create(elementVector, column + " element");
    }

    /** Index of the row's first element in the element vector. */
    public abstract int start(int row);

    /** Index after the row's last element. */
    public abstract int end(int row);

    @Override
    public final Array getArray(int row) throws SQLException {
        int start = start(row);
        Object[] values = new Object[end(row) - start];
        for (int i = 0; i < values.length; i++) {
            values[i] = elements.isNull(start + i) ? null : elements.getObject(start + i);
        }
        return new LanceArray(elements.type, values);
    }

    @Override
    public final Object getObject(int row) throws SQLException {
        return getArray(row);
    }

    @Override
    public final Object getPrimitiveArray(int row, Class<?> arrayClass) throws SQLException {
        int start = start(row);
        int n = end(row) - start;
        if (arrayClass == float[].class) {
            float[] out = new float[n];
            for (int i = 0; i < n; i++) {
                checkElement(start, i);
                out[i] = elements.getFloat(start + i);
            }
            return out;
        } else if (arrayClass == double[].class) {
            double[] out = new double[n];
            for (int i = 0; i < n; i++) {
                checkElement(start, i);
                out[i] = elements.getDouble(start + i);
            }
            return out;
        } else if (arrayClass == long[].class) {
            long[] out = new long[n];
            for (int i = 0; i < n; i++) {
                checkElement(start, i);
                out[i] = elements.getLong(start + i);
            }
            return out;
        } else if (arrayClass == int[].class) {
            int[] out = new int[n];
            for (int i = 0; i < n; i++) {
                checkElement(start, i);
                out[i] = elements.getInt(start + i);
            }
            return out;
        }
        throw conversion(arrayClass.getSimpleName() + " (supported: float[], double[], long[], int[])");
    }

    private void checkElement(int start, int i) throws SQLException {
        if (elements.isNull(start + i)) {
            throw LanceArray.nullElement(column, i);
        }
    }

    @Override
    public final String getString(int row) throws SQLException {
        StringBuilder out = new StringBuilder();
        appendNested(out, row);
        return out.toString();
    }

    @Override
    public final void appendNested(StringBuilder out, int row) throws SQLException {
        int start = start(row);
        int end = end(row);
        out.append('[');
        for (int i = start; i < end; i++) {
            if (i > start) {
                out.append(", ");
            }
            if (elements.isNull(i)) {
                out.append("null");
            } else {
                elements.appendNested(out, i);
            }
        }
        out.append(']');
    }

    static final class OfList extends ListAccessor {
        private final ListVector vector;

        OfList(ListVector vector, String column) {
            super(vector, vector.getDataVector(), column);
            this.vector = vector;
        }

        @Override
        public int start(int row) {
            return vector.getElementStartIndex(row);
        }

        @Override
        public int end(int row) {
            return vector.getElementEndIndex(row);
        }
    }

    static final class OfLargeList extends ListAccessor {
        private final LargeListVector vector;

        OfLargeList(LargeListVector vector, String column) {
            super(vector, vector.getDataVector(), column);
            this.vector = vector;
        }

        // One batch's element vector is indexed by int in Arrow Java, so its offsets fit an int.
        @Override
        public int start(int row) {
            return Math.toIntExact(vector.getElementStartIndex(row));
        }

        @Override
        public int end(int row) {
            return Math.toIntExact(vector.getElementEndIndex(row));
        }
    }

    static final class OfFixedSize extends ListAccessor {
        private final int size;

        OfFixedSize(FixedSizeListVector vector, String column) {
            super(vector, vector.getDataVector(), column);
            this.size = vector.getListSize();
        }

        @Override
        public int start(int row) {
            return row * size;
        }

        @Override
        public int end(int row) {
            return row * size + size;
        }
    }
}
