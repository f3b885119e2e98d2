package io.lancejdbc.conformance.corpus;

import io.lancejdbc.exec.testing.CorpusFixtures;
import io.lancejdbc.exec.testing.CorpusFixtures.ForeignDataset;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.ipc.SeekableReadChannel;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.ByteArrayReadableSeekableByteChannel;

/** The Arrow schema of a foreign dataset's raw full scan ({@code <name>.expected.scan.0.arrow}, an IPC file). */
final class ExpectedScanSchema {
    private ExpectedScanSchema() {
    }

    /** @throws IllegalArgumentException when the dataset has no raw scan */
    static Schema of(BufferAllocator allocator, ForeignDataset dataset) {
        String file = CorpusFixtures.expected(dataset).query("full_scan").rawIpc().get(0);
        byte[] bytes = CorpusFixtures.resourceBytes("foreign/" + dataset.writer() + "/" + file);
        try (BufferAllocator child = allocator.newChildAllocator("expected scan schema", 0, Long.MAX_VALUE);
                ArrowFileReader reader = new ArrowFileReader(
                        new SeekableReadChannel(new ByteArrayReadableSeekableByteChannel(bytes)), child)) {
            return reader.getVectorSchemaRoot().getSchema();
        } catch (IOException e) {
            throw new UncheckedIOException("reading the schema of " + file, e);
        }
    }
}
