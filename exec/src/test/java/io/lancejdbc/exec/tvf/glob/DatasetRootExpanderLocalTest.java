package io.lancejdbc.exec.tvf.glob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.engine.Cancellation;
import io.lancejdbc.exec.storage.LocalDirectoryLister;
import io.lancejdbc.exec.storage.StorageLocation;
import io.lancejdbc.engine.SqlError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The same expansion over the local file system (local() with "uris"). */
class DatasetRootExpanderLocalTest {
    @TempDir
    static Path root;

    private static final LocalDirectoryLister LISTER = new LocalDirectoryLister();

    @BeforeAll
    static void createTree() throws IOException {
        for (String ds : List.of("tables/a.lance", "tables/b.lance", "parts/y=2023/m=01/t.lance",
                "parts/y=2024/m=02/u.lance", "many/match-1", "many/match-2")) {
            Path versions = root.resolve(ds).resolve("_versions");
            Files.createDirectories(versions);
            Files.writeString(versions.resolve("18446744073709551614.manifest"), "m");
        }
        Files.createDirectories(root.resolve("tables/notes"));
        Files.writeString(root.resolve("tables/notes/readme.txt"), "x");
        Files.createDirectories(root.resolve("tables/empty-versions.lance/_versions"));
        for (int i = 0; i < 2000; i++) {
            Files.createDirectories(root.resolve(String.format("many/d%04d", i)));
        }
    }

    private static List<GlobPattern> patterns(String... relative) {
        List<GlobPattern> out = new ArrayList<>();
        for (String r : relative) {
            out.add(GlobParser.parse(root.resolve(r).toString()));
        }
        return out;
    }

    private static ExpansionResult expand(ExpansionBudget budget, String... relative) {
        return new DatasetRootExpander(LISTER, budget, new Cancellation()).expand(patterns(relative));
    }

    private static List<String> relative(List<StorageLocation> locations) {
        return locations.stream().map(l -> root.relativize(l.toPath()).toString()).toList();
    }

    @Test
    void globMatchesDatasetDirectories() {
        ExpansionResult r = expand(ExpansionBudget.defaults(), "tables/*.lance");
        assertEquals(List.of("tables/a.lance", "tables/b.lance"), relative(r.datasets()));
        assertEquals(List.of("tables/empty-versions.lance"), relative(r.notDatasets()),
                "an empty _versions directory does not make a dataset, as on S3");
    }

    @Test
    void explicitPathOverlappingAGlobIsReadOnce() {
        ExpansionResult r = expand(ExpansionBudget.defaults(), "tables/a.lance", "tables/[ab].lance");
        assertEquals(List.of("tables/a.lance", "tables/b.lance"), relative(r.requireDatasets()));
        assertEquals(List.of(1, 2), r.matchesPerPattern());
    }

    @Test
    void expansionGoesLevelByLevel() {
        assertEquals(List.of("parts/y=2023/m=01/t.lance", "parts/y=2024/m=02/u.lance"),
                relative(expand(ExpansionBudget.defaults(), "parts/y=*/m=*/*.lance").requireDatasets()));
    }

    @Test
    void smallPagesGiveTheSameResult() {
        ExpansionResult one = expand(ExpansionBudget.defaults().withPageSize(1), "parts/y=*/m=*/*.lance", "tables/*");
        ExpansionResult all = expand(ExpansionBudget.defaults(), "parts/y=*/m=*/*.lance", "tables/*");
        assertEquals(all.datasets(), one.datasets());
        assertEquals(all.notDatasets(), one.notDatasets());
    }

    @Test
    void twoThousandDirectoriesExhaustTheDefaultCandidateBudget() {
        SqlError e = assertThrows(SqlError.class, () -> expand(ExpansionBudget.defaults(), "many/match-*"));
        assertEquals("54000", e.sqlState());
    }

    @Test
    void twoThousandDirectoriesWithARaisedBudgetYieldOnlyTheMatches() {
        ExpansionResult r = expand(new ExpansionBudget(3000, 1000, Duration.ofSeconds(20), 500, 1000), "many/match-*");
        assertEquals(List.of("many/match-1", "many/match-2"), relative(r.requireDatasets()));
        assertEquals(2002, r.directoryCandidates());
        assertEquals(5, r.listingRequests());
    }

    @Test
    void noPathMatchedIsDistinctFromNotADataset() {
        SqlError none = assertThrows(SqlError.class,
                () -> expand(ExpansionBudget.defaults(), "tables/zz*").requireDatasets());
        SqlError notDataset = assertThrows(SqlError.class,
                () -> expand(ExpansionBudget.defaults(), "tables/notes").requireDatasets());
        assertEquals("No path matched: uris ['" + root.resolve("tables/zz*") + "'] matched nothing after 1 listing "
                + "request; check the bucket, the prefix and the pattern", none.getMessage());
        assertEquals("Path '" + root.resolve("tables/notes") + "' matched uris but is not a Lance dataset (it has no "
                + "_versions/ directory); 1 of 1 matched path is not readable as datasets; narrow the pattern so that "
                + "it matches dataset directories only", notDataset.getMessage());
    }

    @Test
    void missingLiteralPathDoesNotExist() {
        ExpansionResult r = expand(ExpansionBudget.defaults(), "tables/nope.lance");
        assertEquals(List.of("tables/nope.lance"), relative(r.missing()));
    }
}
