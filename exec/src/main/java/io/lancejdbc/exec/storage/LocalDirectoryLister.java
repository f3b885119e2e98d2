package io.lancejdbc.exec.storage;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * {@link DirectoryLister} over the local file system (java.nio).
 *
 * <p>A directory stream has no order and no resume point, so each page scans the whole directory and keeps the
 * {@code pageSize} smallest names after the token (the last name of the previous page): memory stays
 * O(pageSize) however large the directory, and pages come in {@link String} order like an S3 listing.
 * Subdirectories are told from files by following symbolic links. A path that does not exist or is not a
 * directory lists as an empty page.
 */
public final class LocalDirectoryLister implements DirectoryLister {
    private static final int DEADLINE_CHECK_EVERY = 1024;

    @Override
    public StorageScheme scheme() {
        return StorageScheme.FILE;
    }

    @Override
    public ListingPage listPage(StorageLocation directory, String pageToken, int pageSize, Duration timeout) {
        if (directory.scheme() != StorageScheme.FILE) {
            throw new IllegalArgumentException("not a local location: " + directory);
        }
        if (pageSize < 1 || pageSize > 1000) {
            throw new IllegalArgumentException("pageSize must be 1..1000: " + pageSize);
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        Path dir = directory.toPath();
        TreeSet<String> smallest = new TreeSet<>();
        long seen = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                if (++seen % DEADLINE_CHECK_EVERY == 0 && System.nanoTime() > deadline) {
                    throw new SqlError(SqlState.TIMEOUT, "Listing " + directory + " took longer than "
                            + timeout.toMillis() + " ms");
                }
                String name = entry.getFileName().toString();
                if (pageToken != null && name.compareTo(pageToken) <= 0) {
                    continue;
                }
                smallest.add(name);
                if (smallest.size() > pageSize + 1) {
                    smallest.pollLast();
                }
            }
        } catch (NoSuchFileException | NotDirectoryException e) {
            return new ListingPage(List.of(), List.of(), null);
        } catch (AccessDeniedException e) {
            throw new SqlError(SqlState.INVALID_AUTHORIZATION, "Permission denied listing " + directory
                    + ": the user running the JVM cannot read this directory", e);
        } catch (IOException e) {
            throw new SqlError(SqlState.GENERAL_ERROR, "Listing " + directory + " failed: " + e.getMessage(), e);
        }
        boolean more = smallest.size() > pageSize;
        if (more) {
            smallest.pollLast();
        }
        List<String> dirs = new ArrayList<>();
        List<String> files = new ArrayList<>();
        for (String name : smallest) {
            (Files.isDirectory(dir.resolve(name)) ? dirs : files).add(name);
        }
        return new ListingPage(dirs, files, more ? smallest.last() : null);
    }

    @Override
    public void close() {
        // Holds no resource between calls: every page opens and closes its own directory stream.
    }
}
