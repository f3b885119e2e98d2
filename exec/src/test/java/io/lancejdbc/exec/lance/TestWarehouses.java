package io.lancejdbc.exec.lance;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;
import org.lance.namespace.DirectoryNamespace;
import org.lance.namespace.model.CreateNamespaceRequest;

/**
 * Builds warehouses in the directory-namespace manifest layout with lance-core's own {@code DirectoryNamespace}
 * (a {@code __manifest} table, hash-prefixed table directories), for catalog tests that may not import
 * {@code org.lance}. Tables hold one column {@code id int64} with ids {@code 0..rows-1}.
 */
public final class TestWarehouses {

    private TestWarehouses() {
    }

    /** Creates (or extends) a manifest-layout warehouse at {@code root}. */
    public static void manifestLayout(Path root, List<List<String>> namespaces, Map<List<String>, Integer> tables) {
        try (BufferAllocator al = new RootAllocator()) {
            DirectoryNamespace ns = new DirectoryNamespace();
            ns.initialize(Map.of("root", root.toString()), al);
            try {
                for (List<String> id : namespaces) {
                    ns.createNamespace(new CreateNamespaceRequest().id(id));
                }
                for (Map.Entry<List<String>, Integer> t : tables.entrySet()) {
                    try (ArrowReader reader = ids(al, t.getValue())) {
                        Dataset.write().allocator(al).reader(reader).namespaceClient(ns).tableId(t.getKey())
                                .execute().close();
                    }
                }
            } finally {
                ns.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes a plain {@code id int64} dataset with ids {@code 0..rows-1} at {@code dir}. */
    public static void plainTable(Path dir, int rows) {
        try (BufferAllocator al = new RootAllocator(); ArrowReader reader = ids(al, rows)) {
            Dataset.write().allocator(al).reader(reader).uri(dir.toString()).execute().close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ArrowReader ids(BufferAllocator al, int rows) throws IOException {
        Schema schema = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(64, true))));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, al)) {
            BigIntVector id = (BigIntVector) root.getVector(0);
            id.allocateNew(rows);
            for (int i = 0; i < rows; i++) {
                id.set(i, i);
            }
            root.setRowCount(rows);
            try (ArrowStreamWriter w = new ArrowStreamWriter(root, null, bytes)) {
                w.start();
                w.writeBatch();
                w.end();
            }
        }
        return new ArrowStreamReader(new ByteArrayInputStream(bytes.toByteArray()), al);
    }
}
