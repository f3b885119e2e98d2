package io.lancejdbc.exec.sqlops;

import static io.lancejdbc.exec.sqlops.SqlOpsWarehouse.row;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Projections whose computed columns read the same input columns as bare columns next to them. */
class ProjectionQueryTest {
    @TempDir
    static Path dir;
    static SqlOpsWarehouse wh;

    @BeforeAll
    static void open() {
        wh = SqlOpsWarehouse.create(dir.resolve("wh"));
    }

    @AfterAll
    static void close() {
        wh.close();
    }

    @Test
    void caseBranchThatMayFailNextToTheBareColumnItReads() {
        // The CASE evaluates "id + 1" on the matching rows only, which copies those rows of the input batch.
        assertEquals(List.of(row(1L, null), row(2L, null), row(3L, 4L), row(4L, 5L), row(5L, 6L)),
                wh.rows("SELECT id, CASE WHEN id > 2 THEN id + 1 END FROM l ORDER BY id"));
    }
}
