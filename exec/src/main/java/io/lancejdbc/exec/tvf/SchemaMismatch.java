package io.lancejdbc.exec.tvf;

import java.util.Objects;

/**
 * The first difference between a dataset's schema and the reference schema of a {@code uris} call.
 *
 * @param fieldPath the path of the differing field, segments joined by {@code .} (list items are named by their
 *        child field, e.g. {@code tags.item}); for a difference in the number of fields, the path of the parent
 *        ({@code "(top level)"} for the schema itself)
 * @param referenceDefinition the reference side, e.g. {@code amount: Decimal(12, 2, 128)} or {@code (absent)}
 * @param otherDefinition the other dataset's side, in the same form
 * @param reason what differs: {@code name}, {@code type}, {@code nullability}, {@code dictionary encoding} or
 *        {@code number of fields}
 */
public record SchemaMismatch(String fieldPath, String referenceDefinition, String otherDefinition, String reason) {
    public SchemaMismatch {
        Objects.requireNonNull(fieldPath, "fieldPath");
        Objects.requireNonNull(referenceDefinition, "referenceDefinition");
        Objects.requireNonNull(otherDefinition, "otherDefinition");
        Objects.requireNonNull(reason, "reason");
    }
}
