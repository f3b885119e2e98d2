package io.lancejdbc.exec.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalDirectoryListerTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @TempDir
    Path root;

    private final LocalDirectoryLister lister = new LocalDirectoryLister();

    @BeforeEach
    void createTree() throws IOException {
        for (String d : List.of("d3", "d1", "d2")) {
            Files.createDirectories(root.resolve("p").resolve(d));
        }
        for (String f : List.of("f2", "f1")) {
            Files.writeString(root.resolve("p").resolve(f), "x");
        }
    }

    private StorageLocation p() {
        return StorageLocation.ofPath(root.resolve("p"));
    }

    @Test
    void onePageHoldsSortedDirectoriesAndFiles() {
        ListingPage page = lister.listPage(p(), null, 1000, TIMEOUT);
        assertEquals(List.of("d1", "d2", "d3"), page.directories());
        assertEquals(List.of("f1", "f2"), page.files());
        assertNull(page.nextPageToken());
    }

    @Test
    void smallPagesReturnEveryEntryOnceInOrder() {
        for (int size = 1; size <= 4; size++) {
            List<String> dirs = new ArrayList<>();
            List<String> files = new ArrayList<>();
            String token = null;
            int pages = 0;
            do {
                ListingPage page = lister.listPage(p(), token, size, TIMEOUT);
                assertTrue(page.directories().size() + page.files().size() <= size);
                dirs.addAll(page.directories());
                files.addAll(page.files());
                token = page.nextPageToken();
                pages++;
            } while (token != null);
            assertEquals(List.of("d1", "d2", "d3"), dirs, "page size " + size);
            assertEquals(List.of("f1", "f2"), files, "page size " + size);
            assertEquals((5 + size - 1) / size, pages, "page size " + size);
        }
    }

    @Test
    void missingDirectoryListsAsAnEmptyPage() {
        ListingPage page = lister.listPage(StorageLocation.ofPath(root.resolve("nope")), null, 10, TIMEOUT);
        assertTrue(page.isEmpty());
        assertNull(page.nextPageToken());
    }

    @Test
    void regularFileListsAsAnEmptyPage() {
        assertTrue(lister.listPage(StorageLocation.ofPath(root.resolve("p/f1")), null, 10, TIMEOUT).isEmpty());
    }

    @Test
    void symbolicLinkToADirectoryCountsAsADirectory() throws IOException {
        Files.createSymbolicLink(root.resolve("p/link"), root.resolve("p/d1"));
        assertEquals(List.of("d1", "d2", "d3", "link"), lister.listPage(p(), null, 10, TIMEOUT).directories());
    }
}
