package io.lancejdbc.exec.engine;

import io.lancejdbc.exec.catalog.Catalog;
import io.lancejdbc.exec.catalog.DirectoryLister;
import io.lancejdbc.exec.config.EngineConfig;
import io.lancejdbc.exec.config.EngineProperty;
import io.lancejdbc.exec.lance.DatasetHandlePool;
import io.lancejdbc.sql.SqlError;
import io.lancejdbc.sql.SqlState;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;

/** Chooses the directory lister of a filesystem warehouse and builds REST catalogs. */
final class CatalogListers {
    private CatalogListers() {
    }

    /** The lister for the warehouse's scheme; null selects local listing. */
    static DirectoryLister forWarehouse(EngineConfig config, Map<String, String> storage) {
        String w = config.get(EngineProperty.WAREHOUSE);
        if (w != null && w.trim().toLowerCase(java.util.Locale.ROOT).startsWith("s3://")) {
            throw new SqlError(SqlState.FEATURE_NOT_SUPPORTED, "s3:// warehouses are not available in this build yet");
        }
        return null;
    }

    static Catalog restCatalog(EngineConfig config, Map<String, String> storage, DatasetHandlePool pool,
            BufferAllocator allocator) {
        throw new SqlError(SqlState.FEATURE_NOT_SUPPORTED, "REST catalogs are not available in this build yet");
    }
}
