package io.lancejdbc.exec.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(SharedDatasetsExtension.class)
class SharedDatasetsTest {

    @Test
    void theExtensionHandsEveryTestTheSameInstance(SharedDatasets first, SharedDatasets second) {
        assertSame(first, second);
        assertTrue(Files.isDirectory(first.root()));
    }

    @Test
    void aFixtureIsWrittenOnceAndSharedByConcurrentCallers() throws Exception {
        try (SharedDatasets datasets = SharedDatasets.create()) {
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                List<Future<Path>> calls = new ArrayList<>();
                for (int i = 0; i < 4; i++) {
                    calls.add(pool.submit(() -> datasets.numbers(100, 2)));
                }
                Path path = calls.get(0).get();
                for (Future<Path> call : calls) {
                    assertSame(path, call.get());
                }
                assertEquals(datasets.root().resolve("numbers_100_2.lance"), path);
            } finally {
                pool.shutdown();
            }
        }
    }

    @Test
    void closeDeletesTheDirectory() throws Exception {
        SharedDatasets datasets = SharedDatasets.create();
        Path dataset = datasets.numbers(10, 1);
        assertTrue(Files.isDirectory(dataset));
        datasets.close();
        assertFalse(Files.exists(datasets.root()));
    }

    @Test
    void aFailedBuildIsReportedToEveryCaller() throws Exception {
        try (SharedDatasets datasets = SharedDatasets.create()) {
            IllegalStateException first = assertThrows(IllegalStateException.class, () -> datasets.numbers(1, 2));
            assertTrue(first.getCause() instanceof IllegalArgumentException, first.toString());
            assertThrows(IllegalStateException.class, () -> datasets.numbers(1, 2));
        }
    }
}
