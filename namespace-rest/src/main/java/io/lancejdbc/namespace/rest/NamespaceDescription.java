package io.lancejdbc.namespace.rest;

import java.util.List;
import java.util.Map;

/**
 * The answer of DescribeNamespace.
 *
 * @param id the namespace id as requested, empty for the root; never null
 * @param properties the namespace properties; empty when the service returned none or {@code null}; never null
 */
public record NamespaceDescription(List<String> id, Map<String, String> properties) {
    public NamespaceDescription {
        id = List.copyOf(id);
        properties = Map.copyOf(properties);
    }
}
