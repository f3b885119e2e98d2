package io.lancejdbc.conformance.clients.mybatis;

import java.sql.CallableStatement;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.apache.ibatis.type.BaseTypeHandler;
import org.apache.ibatis.type.JdbcType;

/**
 * The MyBatis type handler for vector columns and {@code query_vector} parameters that docs/jdbc-driver.md shows:
 * MyBatis has no handler for {@code float[]} (it leaves such properties null), while lance-jdbc reads a vector
 * column with {@code getObject(col, float[].class)} and binds a {@code float[]} with {@code setObject}.
 */
public final class FloatArrayTypeHandler extends BaseTypeHandler<float[]> {
    @Override
    public void setNonNullParameter(PreparedStatement ps, int i, float[] parameter, JdbcType jdbcType)
            throws SQLException {
        ps.setObject(i, parameter);
    }

    @Override
    public float[] getNullableResult(ResultSet rs, String columnName) throws SQLException {
        return rs.getObject(columnName, float[].class);
    }

    @Override
    public float[] getNullableResult(ResultSet rs, int columnIndex) throws SQLException {
        return rs.getObject(columnIndex, float[].class);
    }

    @Override
    public float[] getNullableResult(CallableStatement cs, int columnIndex) throws SQLException {
        return cs.getObject(columnIndex, float[].class);
    }
}
