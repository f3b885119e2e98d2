package io.lancejdbc.exec.lance.demo;

import io.lancejdbc.engine.DemoWarehouseProvider;
import java.nio.file.Path;

/** {@link DemoWarehouse} for the shell, which finds this class through {@link java.util.ServiceLoader}. */
public final class LanceDemoWarehouseProvider implements DemoWarehouseProvider {

    /** {@link DemoWarehouse#createIfAbsent(Path)}. */
    @Override
    public Path createIfAbsent(Path dir) {
        return DemoWarehouse.createIfAbsent(dir);
    }
}
