package io.lancejdbc.exec.storage;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The Lance (object_store) storage options that configure S3 access, each with the spelling this driver emits and
 * the aliases it accepts.
 *
 * <p>lance-core 7.0.0 reads S3 options through object_store, which accepts both the {@code aws_}-prefixed and
 * the bare spellings; REST namespaces such as Gravitino vend the bare ones ({@code access_key_id}, ...), Lance's
 * own DirectoryNamespace the prefixed ones (Doris issue #66772). Both are accepted inbound; exactly one spelling
 * per option is emitted so that object_store never has to choose between two values.
 */
public enum S3OptionKey {
    ACCESS_KEY_ID("aws_access_key_id", List.of("access_key_id"), true),
    SECRET_ACCESS_KEY("aws_secret_access_key", List.of("secret_access_key"), true),
    SESSION_TOKEN("aws_session_token", List.of("session_token", "aws_token", "token"), true),
    REGION("aws_region", List.of("region"), false),
    ENDPOINT("aws_endpoint", List.of("endpoint", "aws_endpoint_url", "endpoint_url"), false),
    VIRTUAL_HOSTED_STYLE_REQUEST("virtual_hosted_style_request", List.of("aws_virtual_hosted_style_request"), false),
    ALLOW_HTTP("allow_http", List.of(), false);

    private final String lanceKey;
    private final List<String> aliases;
    private final boolean credential;

    S3OptionKey(String lanceKey, List<String> aliases, boolean credential) {
        this.lanceKey = lanceKey;
        this.aliases = aliases;
        this.credential = credential;
    }

    /** The spelling emitted to Lance. */
    public String lanceKey() {
        return lanceKey;
    }

    /** Every accepted spelling, the emitted one first. */
    public List<String> spellings() {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(lanceKey), aliases.stream()).toList();
    }

    /** True for the three parts of a credential (key id, secret, session token), which are replaced together. */
    public boolean isCredential() {
        return credential;
    }

    /** The option a storage-option key names, matched case-insensitively on every accepted spelling. */
    public static Optional<S3OptionKey> of(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        for (S3OptionKey o : values()) {
            if (o.lanceKey.equals(k) || o.aliases.contains(k)) {
                return Optional.of(o);
            }
        }
        return Optional.empty();
    }
}
