package io.lancejdbc.engine.metadata;

import java.util.List;
import java.util.Map;

/**
 * One logical Lance index as {@code SHOW INDEX} and {@code DatabaseMetaData.getIndexInfo} present it.
 *
 * @param name the logical index name, e.g. {@code embedding_idx}
 * @param columns the indexed column names in order
 * @param indexType the concrete type as Lance describes it: {@code IVF_PQ}, {@code IVF_HNSW_SQ}, {@code BTREE},
 *     {@code BITMAP}, ...
 * @param segments the number of physical index segments
 * @param properties details such as {@code metric_type}, {@code num_sub_vectors}; never null
 */
public record IndexDescriptor(
        String name, List<String> columns, String indexType, int segments, Map<String, String> properties) {
    public IndexDescriptor {
        columns = List.copyOf(columns);
        properties = Map.copyOf(properties);
    }
}
