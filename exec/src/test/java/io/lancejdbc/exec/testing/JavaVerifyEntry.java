package io.lancejdbc.exec.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * What lance-core 7.0.0 (Java) saw when the corpus was checked: one entry of {@code foreign/java_verify.json}.
 *
 * @param writer writer directory
 * @param dataset dataset name
 * @param dataStorageVersion Lance file format version, e.g. {@code 2.0}
 * @param version the dataset version read
 * @param versions all dataset versions
 * @param schema one {@code "name: ArrowType"} string per column (Arrow Java's {@code Field.toString()})
 * @param rowCount {@code countRows()}
 * @param fragments the fragments of the latest version
 * @param indexNames names of the indexes {@code describeIndices()} listed
 * @param checksPassed names of the checks that agreed with the SDK's answers
 * @param verdict {@code OK} when every check passed
 * @param raw the entry as parsed, for fields not modelled here ({@code knn}, {@code per_version}, ...)
 */
public record JavaVerifyEntry(String writer, String dataset, String dataStorageVersion, long version,
        List<Long> versions, List<String> schema, long rowCount, List<Fragment> fragments, List<String> indexNames,
        List<String> checksPassed, String verdict, JsonNode raw) {

    /** One fragment: id, physical rows, deleted rows, data files, and {@code countRows()}. */
    public record Fragment(int id, long physicalRows, long deletions, int files, long countRows) {
    }

    static JavaVerifyEntry parse(JsonNode e) {
        List<Long> versions = new ArrayList<>();
        e.path("versions").forEach(v -> versions.add(v.asLong()));
        List<Fragment> fragments = new ArrayList<>();
        for (JsonNode f : e.path("fragments")) {
            fragments.add(new Fragment(f.path("id").asInt(), f.path("physical_rows").asLong(),
                    f.path("deletions").asLong(), f.path("files").asInt(), f.path("count_rows").asLong()));
        }
        List<String> indexNames = new ArrayList<>();
        e.path("indices").forEach(i -> indexNames.add(i.path("name").asText()));
        return new JavaVerifyEntry(ExpectedAnswers.text(e, "writer"), ExpectedAnswers.text(e, "dataset"),
                ExpectedAnswers.text(e, "data_storage_version"), e.path("version").asLong(), List.copyOf(versions),
                ExpectedAnswers.strings(e.path("schema")), e.path("row_count").asLong(), List.copyOf(fragments),
                List.copyOf(indexNames), ExpectedAnswers.strings(e.path("checks_passed")),
                ExpectedAnswers.text(e, "verdict"), e);
    }
}
