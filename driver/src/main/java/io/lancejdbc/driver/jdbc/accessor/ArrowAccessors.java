package io.lancejdbc.driver.jdbc.accessor;

import io.lancejdbc.driver.jdbc.ArrowTypeMapping;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.Decimal256Vector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;

/** Picks the accessor for an Arrow vector (the Flight SQL JDBC accessor-per-vector design). */
public final class ArrowAccessors {
    private ArrowAccessors() {
    }

    /**
     * @param vector a vector of the current batch; the accessor reads it until the batch is closed
     * @param column the column label, for messages
     */
    public static ColumnAccessor create(FieldVector vector, String column) {
        if (ArrowTypeMapping.of(vector.getField()) == ArrowTypeMapping.UNSUPPORTED) {
            return new UnsupportedAccessor(vector, column);
        }
        if (vector instanceof BitVector) {
            return new BooleanAccessor((BitVector) vector, column);
        } else if (vector instanceof TinyIntVector) {
            return new IntegerAccessor.OfTinyInt((TinyIntVector) vector, column);
        } else if (vector instanceof SmallIntVector) {
            return new IntegerAccessor.OfSmallInt((SmallIntVector) vector, column);
        } else if (vector instanceof IntVector) {
            return new IntegerAccessor.OfInt((IntVector) vector, column);
        } else if (vector instanceof BigIntVector) {
            return new IntegerAccessor.OfBigInt((BigIntVector) vector, column);
        } else if (vector instanceof UInt1Vector) {
            return new IntegerAccessor.OfUInt1((UInt1Vector) vector, column);
        } else if (vector instanceof UInt2Vector) {
            return new IntegerAccessor.OfUInt2((UInt2Vector) vector, column);
        } else if (vector instanceof UInt4Vector) {
            return new IntegerAccessor.OfUInt4((UInt4Vector) vector, column);
        } else if (vector instanceof UInt8Vector) {
            return new UInt64Accessor((UInt8Vector) vector, column);
        } else if (vector instanceof Float2Vector) {
            return new FloatingAccessor.OfFloat2((Float2Vector) vector, column);
        } else if (vector instanceof Float4Vector) {
            return new FloatingAccessor.OfFloat4((Float4Vector) vector, column);
        } else if (vector instanceof Float8Vector) {
            return new FloatingAccessor.OfFloat8((Float8Vector) vector, column);
        } else if (vector instanceof DecimalVector || vector instanceof Decimal256Vector) {
            return new DecimalAccessor(vector, column);
        } else if (vector instanceof VarCharVector) {
            return new TextAccessor.OfUtf8((VarCharVector) vector, column);
        } else if (vector instanceof LargeVarCharVector) {
            return new TextAccessor.OfLargeUtf8((LargeVarCharVector) vector, column);
        } else if (vector instanceof VarBinaryVector) {
            return new BinaryAccessor.OfBinary((VarBinaryVector) vector, column);
        } else if (vector instanceof LargeVarBinaryVector) {
            return new BinaryAccessor.OfLargeBinary((LargeVarBinaryVector) vector, column);
        } else if (vector instanceof FixedSizeBinaryVector) {
            return new BinaryAccessor.OfFixedSize((FixedSizeBinaryVector) vector, column);
        } else if (vector instanceof DateDayVector) {
            return new DateAccessor.OfDay((DateDayVector) vector, column);
        } else if (vector instanceof DateMilliVector) {
            return new DateAccessor.OfMilli((DateMilliVector) vector, column);
        } else if (vector instanceof TimeSecVector) {
            return TimeAccessor.of((TimeSecVector) vector, column);
        } else if (vector instanceof TimeMilliVector) {
            return TimeAccessor.of((TimeMilliVector) vector, column);
        } else if (vector instanceof TimeMicroVector) {
            return TimeAccessor.of((TimeMicroVector) vector, column);
        } else if (vector instanceof TimeNanoVector) {
            return TimeAccessor.of((TimeNanoVector) vector, column);
        } else if (vector instanceof TimeStampVector) {
            return new TimestampAccessor((TimeStampVector) vector, column);
        } else if (vector instanceof MapVector) {
            // Before ListVector: a MapVector is a ListVector of entries.
            return new MapAccessor((MapVector) vector, column);
        } else if (vector instanceof ListVector) {
            return new ListAccessor.OfList((ListVector) vector, column);
        } else if (vector instanceof LargeListVector) {
            return new ListAccessor.OfLargeList((LargeListVector) vector, column);
        } else if (vector instanceof FixedSizeListVector) {
            return new ListAccessor.OfFixedSize((FixedSizeListVector) vector, column);
        } else if (vector instanceof StructVector) {
            return new StructAccessor((StructVector) vector, column);
        }
        return new UnsupportedAccessor(vector, column);
    }
}
