package io.lancejdbc.exec.testing;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * JUnit 5 extension that resolves {@link SharedDatasets} parameters (test, {@code @BeforeAll}, {@code @BeforeEach}
 * methods and constructors) to one instance per test JVM, kept in the root extension context so that every test
 * class of the run shares it; JUnit closes it (deleting the files) when the run ends.
 *
 * <pre>{@code
 * @ExtendWith({SharedDatasetsExtension.class, ArrowAllocatorExtension.class})
 * class ShowTablesTest {
 *     @Test
 *     void listsRootTables(SharedDatasets datasets, BufferAllocator allocator) {
 *         WarehouseLayout wh = datasets.plainWarehouse();
 *         ...
 *     }
 * }
 * }</pre>
 */
public final class SharedDatasetsExtension implements ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(SharedDatasetsExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.getParameter().getType() == SharedDatasets.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        // The root store lives as long as the launcher session, i.e. the test JVM under Surefire.
        return extensionContext.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent(SharedDatasets.class, k -> SharedDatasets.create(), SharedDatasets.class);
    }
}
