package io.lancejdbc.driver.jdbc;

import java.sql.ParameterMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The {@code ?} markers of a prepared statement with the types the engine inferred from their context
 * ({@code PreparedQuery.parameterTypes}); a marker whose context decides nothing is {@code Types.OTHER} named
 * {@code UNKNOWN}, and {@code setNull(i, Types.OTHER)} binds an untyped NULL to it. All parameters are IN and
 * nullable.
 */
final class LanceParameterMetaData implements ParameterMetaData {
    private final List<ColumnType> types;

    LanceParameterMetaData(List<ArrowType> arrowTypes) {
        List<ColumnType> t = new ArrayList<>();
        for (ArrowType type : arrowTypes) {
            t.add(ArrowTypeMapping.ofParameter(type));
        }
        this.types = List.copyOf(t);
    }

    private ColumnType type(int param) throws SQLException {
        if (param < 1 || param > types.size()) {
            throw SqlExceptions.of(SqlExceptions.INVALID_COLUMN_INDEX, "Parameter index " + param
                    + " is out of range: the statement has " + types.size() + " parameters (indexes start at 1)");
        }
        return types.get(param - 1);
    }

    @Override
    public int getParameterCount() {
        return types.size();
    }

    @Override
    public int isNullable(int param) throws SQLException {
        type(param);
        return parameterNullable;
    }

    @Override
    public boolean isSigned(int param) throws SQLException {
        return type(param).signed();
    }

    @Override
    public int getPrecision(int param) throws SQLException {
        return type(param).precision();
    }

    @Override
    public int getScale(int param) throws SQLException {
        return type(param).scale();
    }

    @Override
    public int getParameterType(int param) throws SQLException {
        return type(param).jdbcType();
    }

    @Override
    public String getParameterTypeName(int param) throws SQLException {
        return type(param).typeName();
    }

    @Override
    public String getParameterClassName(int param) throws SQLException {
        return type(param).className();
    }

    @Override
    public int getParameterMode(int param) throws SQLException {
        type(param);
        return parameterModeIn;
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw SqlExceptions.of(SqlExceptions.INVALID_ARGUMENT, "ParameterMetaData does not implement " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
