package io.lancejdbc.exec.stream;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.ExtensionTypeVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.NonNullableStructVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Copies single values between two vectors of the same Arrow type, at any nesting: the one value copier of the
 * operators that carry columns (sort, Top-K, joins, set operations, windows, aggregates, CASE, filters).
 *
 * <p>Arrow's own {@code TransferPair.copyValueSafe} is structural for primitive, variable-width, struct and
 * fixed-size-list vectors, but a list, large list or map copies through {@code ComplexCopier} and the field writers,
 * which do not exist for every type ("FieldWriter not implemented for FixedSizeList type" for
 * {@code list<fixed_size_list<...>>}). This copier walks the layout itself: leaf vectors copy their bytes
 * ({@code copyFromSafe}), lists and maps copy offsets and then their elements, fixed-size lists and structs copy
 * validity and then their children. Not thread-safe; one copier per (source, target) pair.
 */
public abstract class RowCopier {
    RowCopier() {
    }

    /**
     * A copier from {@code src} into {@code dst}; both must have the same Arrow type (nullability and names may
     * differ). The target grows as needed; call {@code dst.setValueCount} after the last copy.
     *
     * @throws IllegalArgumentException for a vector layout the engine does not carry (unions, views)
     */
    public static RowCopier of(ValueVector src, ValueVector dst) {
        if (src instanceof ExtensionTypeVector && dst instanceof ExtensionTypeVector) {
            return of(((ExtensionTypeVector<?>) src).getUnderlyingVector(),
                    ((ExtensionTypeVector<?>) dst).getUnderlyingVector());
        }
        if (src instanceof NullVector) {
            return new Nulls();
        }
        if (src instanceof BaseFixedWidthVector || src instanceof BaseVariableWidthVector
                || src instanceof BaseLargeVariableWidthVector) {
            return new Leaf(src, dst);
        }
        if (src instanceof ListVector) {
            // MapVector is a ListVector of entry structs.
            return new ListCopier((ListVector) src, (ListVector) dst);
        }
        if (src instanceof LargeListVector) {
            return new LargeListCopier((LargeListVector) src, (LargeListVector) dst);
        }
        if (src instanceof FixedSizeListVector) {
            return new FixedSizeListCopier((FixedSizeListVector) src, (FixedSizeListVector) dst);
        }
        if (src instanceof NonNullableStructVector) {
            return new StructCopier((NonNullableStructVector) src, (NonNullableStructVector) dst);
        }
        throw new IllegalArgumentException("Values of type " + src.getField().getType() + " cannot be copied");
    }

    /** A copier that only writes NULLs into {@code dst} ({@link #setNull}). */
    public static RowCopier nulls(ValueVector dst) {
        return of(dst, dst);
    }

    /** Sets value {@code to} of the target to value {@code from} of the source (NULL included). */
    public abstract void copy(int from, int to);

    /** Sets value {@code to} of the target to NULL (children of nested targets get NULL values too). */
    public abstract void setNull(int to);

    /** A NullVector holds nothing but its value count. */
    private static final class Nulls extends RowCopier {
        @Override
        public void copy(int from, int to) {
        }

        @Override
        public void setNull(int to) {
        }
    }

    private static final class Leaf extends RowCopier {
        private final ValueVector src;
        private final ValueVector dst;

        Leaf(ValueVector src, ValueVector dst) {
            this.src = src;
            this.dst = dst;
        }

        @Override
        public void copy(int from, int to) {
            dst.copyFromSafe(from, to, src);
        }

        @Override
        public void setNull(int to) {
            if (dst instanceof BaseFixedWidthVector) {
                ((BaseFixedWidthVector) dst).setNull(to);
            } else if (dst instanceof BaseVariableWidthVector) {
                ((BaseVariableWidthVector) dst).setNull(to);
            } else {
                ((BaseLargeVariableWidthVector) dst).setNull(to);
            }
        }
    }

    private static final class ListCopier extends RowCopier {
        private final ListVector src;
        private final ListVector dst;
        private final RowCopier elements;

        ListCopier(ListVector src, ListVector dst) {
            this.src = src;
            this.dst = dst;
            this.elements = of(src.getDataVector(), dst.getDataVector());
        }

        @Override
        public void copy(int from, int to) {
            if (src.isNull(from)) {
                dst.setNull(to);
                return;
            }
            int start = src.getElementStartIndex(from);
            int length = src.getElementEndIndex(from) - start;
            int at = dst.startNewValue(to);
            for (int k = 0; k < length; k++) {
                elements.copy(start + k, at + k);
            }
            dst.endValue(to, length);
        }

        @Override
        public void setNull(int to) {
            dst.setNull(to);
        }
    }

    private static final class LargeListCopier extends RowCopier {
        private final LargeListVector src;
        private final LargeListVector dst;
        private final RowCopier elements;

        LargeListCopier(LargeListVector src, LargeListVector dst) {
            this.src = src;
            this.dst = dst;
            this.elements = of(src.getDataVector(), dst.getDataVector());
        }

        @Override
        public void copy(int from, int to) {
            if (src.isNull(from)) {
                dst.setNull(to);
                return;
            }
            long start = src.getElementStartIndex(from);
            long length = src.getElementEndIndex(from) - start;
            long at = dst.startNewValue(to);
            for (long k = 0; k < length; k++) {
                elements.copy(Math.toIntExact(start + k), Math.toIntExact(at + k));
            }
            dst.endValue(to, length);
        }

        @Override
        public void setNull(int to) {
            dst.setNull(to);
        }
    }

    private static final class FixedSizeListCopier extends RowCopier {
        private final FixedSizeListVector src;
        private final FixedSizeListVector dst;
        private final RowCopier elements;
        private final int size;

        FixedSizeListCopier(FixedSizeListVector src, FixedSizeListVector dst) {
            this.src = src;
            this.dst = dst;
            this.elements = of(src.getDataVector(), dst.getDataVector());
            this.size = src.getListSize();
        }

        @Override
        public void copy(int from, int to) {
            if (src.isNull(from)) {
                setNull(to);
                return;
            }
            dst.setNotNull(to);
            for (int k = 0; k < size; k++) {
                elements.copy(from * size + k, to * size + k);
            }
        }

        @Override
        public void setNull(int to) {
            dst.setNull(to);
            for (int k = 0; k < size; k++) {
                elements.setNull(to * size + k);
            }
        }
    }

    private static final class StructCopier extends RowCopier {
        private final NonNullableStructVector src;
        private final NonNullableStructVector dst;
        private final List<RowCopier> children = new ArrayList<>();

        StructCopier(NonNullableStructVector src, NonNullableStructVector dst) {
            this.src = src;
            this.dst = dst;
            List<FieldVector> from = src.getChildrenFromFields();
            List<FieldVector> to = dst.getChildrenFromFields();
            if (from.size() != to.size()) {
                throw new IllegalArgumentException("Struct values with " + from.size() + " fields cannot be copied"
                        + " into a struct with " + to.size());
            }
            for (int i = 0; i < from.size(); i++) {
                children.add(of(from.get(i), to.get(i)));
            }
        }

        @Override
        public void copy(int from, int to) {
            if (src instanceof StructVector && src.isNull(from)) {
                setNull(to);
                return;
            }
            if (dst instanceof StructVector) {
                ((StructVector) dst).setIndexDefined(to);
            }
            for (RowCopier c : children) {
                c.copy(from, to);
            }
        }

        @Override
        public void setNull(int to) {
            if (dst instanceof StructVector) {
                ((StructVector) dst).setNull(to);
            }
            for (RowCopier c : children) {
                c.setNull(to);
            }
        }
    }
}
