package io.lancejdbc.engine.metadata;

import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * What {@code DatabaseMetaData} and {@code SHOW}/{@code DESC} need to know about the connection's catalog.
 * Names are exact (no patterns); the JDBC layer applies LIKE patterns itself.
 */
public interface CatalogMetadata {

    /** The JDBC catalog name. */
    String catalogName();

    /** Every schema (namespace) name visible to the connection, root first, then sorted; never empty. */
    List<String> schemaNames();

    /**
     * Table names of one schema, sorted.
     *
     * @throws io.lancejdbc.engine.SqlError 3F000 when the schema does not exist
     */
    List<String> tableNames(String schema);

    /**
     * The columns of a table as Arrow fields in table order (unsupported types included, see
     * {@link io.lancejdbc.engine.types.TypeSupport#isSupported(Field)}).
     *
     * @throws io.lancejdbc.engine.SqlError 3F000 / 42S02 when the schema or table does not exist
     */
    List<Field> columns(String schema, String table);

    /**
     * The indexes of a table (scalar and vector), one entry per logical index and column.
     *
     * @throws io.lancejdbc.engine.SqlError 3F000 / 42S02 when the schema or table does not exist
     */
    List<IndexDescriptor> indexes(String schema, String table);

    /**
     * The unenforced primary key columns declared in the Lance schema, in key order; empty when none.
     *
     * @throws io.lancejdbc.engine.SqlError 3F000 / 42S02 when the schema or table does not exist
     */
    List<String> primaryKey(String schema, String table);
}
