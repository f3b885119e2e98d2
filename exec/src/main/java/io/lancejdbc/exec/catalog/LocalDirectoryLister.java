package io.lancejdbc.exec.catalog;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** {@link DirectoryLister} for {@code file:///} directories on the local filesystem. */
public final class LocalDirectoryLister implements DirectoryLister {

    @Override
    public List<String> childDirectories(String directoryUri) {
        if (!directoryUri.startsWith("file://")) {
            throw new IllegalArgumentException("not a file: URI: " + directoryUri);
        }
        Path dir = Paths.get(directoryUri.substring("file://".length()));
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path p : entries) {
                if (Files.isDirectory(p)) {
                    names.add(p.getFileName().toString());
                }
            }
        } catch (NoSuchFileException | NotDirectoryException e) {
            return List.of();
        } catch (IOException e) {
            throw new SqlError(SqlState.GENERAL_ERROR, "Cannot list warehouse directory " + dir + ": " + e, e);
        }
        Collections.sort(names);
        return names;
    }
}
