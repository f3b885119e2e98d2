package io.lancejdbc.exec.lance;

import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * What a scan needs to know about a pinned dataset version before it starts.
 *
 * @param schema the Arrow schema lance-core reports ({@code Dataset.getSchema()}: dictionary-encoded columns appear
 *     with their key type)
 * @param storageFormat the Lance file format version, e.g. {@code "2.0"}, {@code "2.1"}
 */
record DatasetLayout(Schema schema, String storageFormat) {
    DatasetLayout {
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(storageFormat, "storageFormat");
    }
}
