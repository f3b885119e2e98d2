package io.lancejdbc.exec.lance.demo;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;
import org.lance.index.DistanceType;
import org.lance.index.IndexOptions;
import org.lance.index.IndexParams;
import org.lance.index.IndexType;
import org.lance.index.vector.IvfBuildParams;
import org.lance.index.vector.PQBuildParams;
import org.lance.index.vector.VectorIndexParams;

/** The demo {@code items} table: products with an 8-dimensional embedding under an IVF_PQ index. */
final class DemoItems {
    static final String NAME = "items";
    static final int DIMENSION = 8;
    static final int INDEXED_ROWS = 1_000;
    static final int APPENDED_ROWS = 200;
    static final String INDEX_NAME = "embedding_idx";
    static final List<String> CATEGORIES = List.of("books", "electronics", "garden", "toys", "food");

    private DemoItems() {
    }

    static Schema schema() {
        return new Schema(List.of(
                Field.notNullable("id", new ArrowType.Int(64, true)),
                Field.nullable("name", ArrowType.Utf8.INSTANCE),
                Field.nullable("category", ArrowType.Utf8.INSTANCE),
                Field.nullable("price", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                new Field("embedding", FieldType.nullable(new ArrowType.FixedSizeList(DIMENSION)), List.of(
                        Field.nullable("item", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE))))));
    }

    /** Version 1: ids 0..999 (4 fragments); version 2: the IVF_PQ index; version 3: ids 1000..1199 (1 fragment). */
    static void write(BufferAllocator allocator, Path dir) {
        DemoTableWriter writer = new DemoTableWriter(allocator, dir, schema(), null);
        writer.create(0, INDEXED_ROWS, 250, DemoItems::fill);
        try (Dataset ds = writer.open()) {
            VectorIndexParams params = VectorIndexParams.withIvfPqParams(DistanceType.L2,
                    new IvfBuildParams.Builder().setNumPartitions(4).build(),
                    new PQBuildParams.Builder().setNumSubVectors(4).setNumBits(8).build());
            ds.createIndex(IndexOptions.builder(List.of("embedding"), IndexType.IVF_PQ,
                    IndexParams.builder().setVectorIndexParams(params).build()).withIndexName(INDEX_NAME).build());
        }
        writer.append(INDEXED_ROWS, APPENDED_ROWS, APPENDED_ROWS, DemoItems::fill);
    }

    static String category(long id) {
        return CATEGORIES.get((int) (id % CATEGORIES.size()));
    }

    /** Price in dollars, NULL (returned as {@code null}) where {@code id % 97 == 13}. */
    static Double price(long id) {
        return id % 97 == 13 ? null : (id * 37 % 10_000) / 100.0;
    }

    /**
     * The embedding: 1.0 in the dimension of the item's category (books = 0, ..., food = 4), 0 elsewhere, plus
     * deterministic noise in [-0.1, 0.1) per element; so {@code [1,0,0,0,0,0,0,0]} is near every book.
     */
    static float[] embedding(long id) {
        SplittableRandom noise = new SplittableRandom(id);
        int hot = (int) (id % CATEGORIES.size());
        float[] v = new float[DIMENSION];
        for (int j = 0; j < DIMENSION; j++) {
            v[j] = (float) ((j == hot ? 1.0 : 0.0) + noise.nextDouble() * 0.2 - 0.1);
        }
        return v;
    }

    private static void fill(VectorSchemaRoot root, long firstRow, int rowCount) {
        BigIntVector id = (BigIntVector) root.getVector("id");
        VarCharVector name = (VarCharVector) root.getVector("name");
        VarCharVector category = (VarCharVector) root.getVector("category");
        Float8Vector price = (Float8Vector) root.getVector("price");
        FixedSizeListVector embedding = (FixedSizeListVector) root.getVector("embedding");
        Float4Vector elements = (Float4Vector) embedding.getDataVector();
        for (int i = 0; i < rowCount; i++) {
            long r = firstRow + i;
            id.setSafe(i, r);
            name.setSafe(i, String.format("item-%04d", r).getBytes(StandardCharsets.UTF_8));
            category.setSafe(i, category(r).getBytes(StandardCharsets.UTF_8));
            Double p = price(r);
            if (p == null) {
                price.setNull(i);
            } else {
                price.setSafe(i, p);
            }
            embedding.setNotNull(i);
            float[] v = embedding(r);
            for (int j = 0; j < DIMENSION; j++) {
                elements.setSafe(i * DIMENSION + j, v[j]);
            }
        }
    }
}
