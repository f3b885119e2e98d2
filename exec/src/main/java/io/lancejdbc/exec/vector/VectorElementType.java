package io.lancejdbc.exec.vector;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import io.lancejdbc.sql.types.TypeNames;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The element type of a {@code vector_search} column ({@code fixed_size_list<element, dimension>}; Doris Lance
 * Catalog manual, Vector Search "Parameters").
 */
public enum VectorElementType {
    FLOAT16, FLOAT32, FLOAT64, UINT8, INT8;

    /**
     * True when lance-core 7.0.0 can run {@code nearest} on such a column. Its query key is a {@code float[]}, and
     * searches over int8 and uint8 columns are silently dropped (a plain scan comes back; see
     * {@code VectorTableTest} in the test fixtures), so the driver searches those itself.
     */
    public boolean searchableByLance() {
        return this == FLOAT16 || this == FLOAT32 || this == FLOAT64;
    }

    /** Lower-case name for messages and EXPLAIN. */
    public String sqlName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * The element type of a vector column.
     *
     * @throws SqlError 42804 when {@code column} is not {@code fixed_size_list<float16|float32|float64|uint8|int8>}
     */
    public static VectorElementType of(Field column) {
        if (column.getType() instanceof ArrowType.FixedSizeList && column.getChildren().size() == 1
                && column.getDictionary() == null) {
            ArrowType t = column.getChildren().get(0).getType();
            if (t instanceof ArrowType.FloatingPoint) {
                FloatingPointPrecision p = ((ArrowType.FloatingPoint) t).getPrecision();
                return p == FloatingPointPrecision.HALF ? FLOAT16 : p == FloatingPointPrecision.SINGLE ? FLOAT32
                        : FLOAT64;
            }
            if (t instanceof ArrowType.Int && ((ArrowType.Int) t).getBitWidth() == 8) {
                return ((ArrowType.Int) t).getIsSigned() ? INT8 : UINT8;
            }
        }
        throw new SqlError(SqlState.DATATYPE_MISMATCH, "Lance vector column '" + column.getName()
                + "' must be fixed_size_list<float16|float32|float64|uint8|int8>, but was "
                + TypeNames.sqlName(column));
    }
}
