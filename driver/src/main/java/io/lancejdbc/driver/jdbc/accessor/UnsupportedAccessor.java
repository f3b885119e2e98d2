package io.lancejdbc.driver.jdbc.accessor;

import io.lancejdbc.driver.jdbc.ArrowTypeMapping;
import org.apache.arrow.vector.ValueVector;

/**
 * A vector of a type the driver does not map (the engine refuses to project those, so this is a safety net):
 * {@code getObject} is Arrow's own Java value and {@code getString} its text; no other conversion.
 */
public final class UnsupportedAccessor extends ColumnAccessor {
    private final ValueVector vector;

    UnsupportedAccessor(ValueVector vector, String column) {
        super(column, ArrowTypeMapping.UNSUPPORTED);
        this.vector = vector;
    }

    @Override
    public boolean isNull(int row) {
        return vector.isNull(row);
    }

    @Override
    public Object getObject(int row) {
        return vector.getObject(row);
    }
}
