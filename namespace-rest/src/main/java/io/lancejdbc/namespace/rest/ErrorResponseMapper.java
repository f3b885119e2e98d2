package io.lancejdbc.namespace.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Turns an HTTP error answer into the typed exception of its category.
 *
 * <p>The error body is the spec's {@code ErrorResponse} ({@code error}, {@code code}, {@code detail},
 * {@code instance}; lance-namespace 0.7.7 {@code docs/src/spec.yaml} and {@code namespace/operations/errors.md}). A
 * known {@code code} decides the category; without one (no body, a non-JSON body from a proxy, an unknown code) the
 * HTTP status decides. A 404 without a code means the addressed object is missing: the table for a table operation,
 * the namespace otherwise.
 */
final class ErrorResponseMapper {
    /** Error code names by code, spec error table 0..21. */
    private static final String[] CODE_NAMES = {"Unsupported", "NamespaceNotFound", "NamespaceAlreadyExists",
        "NamespaceNotEmpty", "TableNotFound", "TableAlreadyExists", "TableIndexNotFound", "TableIndexAlreadyExists",
        "TableTagNotFound", "TableTagAlreadyExists", "TransactionNotFound", "TableVersionNotFound",
        "TableColumnNotFound", "InvalidInput", "ConcurrentModification", "PermissionDenied", "Unauthenticated",
        "ServiceUnavailable", "Internal", "InvalidTableState", "TableSchemaValidationError", "Throttling"};

    /** Longest piece of a non-JSON body quoted in a message. */
    private static final int SNIPPET_CHARS = 200;

    private final ObjectMapper json;
    private final SecretScrubber scrubber;

    ErrorResponseMapper(ObjectMapper json, SecretScrubber scrubber) {
        this.json = json;
        this.scrubber = scrubber;
    }

    /**
     * @param prefix the message start naming operation, object and service, e.g. {@code Could not describe table 't' at http://h}
     * @param status the HTTP status, not 2xx
     * @param body the first bytes of the error body (may be empty)
     * @param attempts how many requests were sent for this call, for the message when more than one
     */
    RestNamespaceException map(RestOperation operation, String target, String prefix, int status, byte[] body,
            int attempts) {
        ErrorBody error = parse(body);
        RestErrorCategory category = error.code != null ? categoryOfCode(error.code) : null;
        if (category == null) {
            category = categoryOfStatus(status, operation);
        }
        StringBuilder m = new StringBuilder(prefix).append(": HTTP ").append(status);
        if (error.code != null) {
            m.append(", error code ").append(error.code);
            if (error.code >= 0 && error.code < CODE_NAMES.length) {
                m.append(" (").append(CODE_NAMES[error.code]).append(')');
            }
        }
        if (error.message != null && !error.message.isBlank()) {
            m.append(": ").append(scrubber.scrub(error.message));
        } else if (error.rawSnippet != null) {
            m.append(error.rawSnippet.isEmpty() ? " with an empty body"
                    : " with a body that is not a JSON error: " + scrubber.scrub(error.rawSnippet));
        }
        if (error.detail != null && !error.detail.isBlank()) {
            m.append("; detail: ").append(scrubber.scrub(error.detail));
        }
        if (error.instance != null && !error.instance.isBlank()) {
            m.append("; instance: ").append(scrubber.scrub(error.instance));
        }
        if (attempts > 1) {
            m.append(" (gave up after ").append(attempts).append(" attempts)");
        }
        m.append(hint(category, status));
        return create(category, m.toString(), operation, target, status, error.code, null);
    }

    static RestNamespaceException create(RestErrorCategory category, String message, RestOperation operation,
            String target, int status, Integer code, Throwable cause) {
        switch (category) {
            case UNREACHABLE:
                return new RestConnectionException(message, operation, target, status, code, cause);
            case TIMEOUT:
                return new RestTimeoutException(message, operation, target, status, code, cause);
            case SERVICE_UNAVAILABLE:
                return new ServiceUnavailableException(message, operation, target, status, code, cause);
            case UNAUTHENTICATED:
                return new UnauthenticatedException(message, operation, target, status, code, cause);
            case PERMISSION_DENIED:
                return new PermissionDeniedException(message, operation, target, status, code, cause);
            case NAMESPACE_NOT_FOUND:
                return new NamespaceNotFoundException(message, operation, target, status, code, cause);
            case TABLE_NOT_FOUND:
                return new TableNotFoundException(message, operation, target, status, code, cause);
            case INVALID_INPUT:
                return new InvalidInputException(message, operation, target, status, code, cause);
            case CONFLICT:
                return new ConflictException(message, operation, target, status, code, cause);
            case UNSUPPORTED:
                return new OperationUnsupportedException(message, operation, target, status, code, cause);
            case INTERNAL:
                return new InternalServerException(message, operation, target, status, code, cause);
            case CANCELLED:
                return new RestCancelledException(message, operation, target, status, code, cause);
            default:
                return new RestNamespaceException(category, message, operation, target, status, code, cause);
        }
    }

    /** The category of a spec error code, or null for a code the spec (0.7.7) does not define. */
    static RestErrorCategory categoryOfCode(int code) {
        switch (code) {
            case 0:
                return RestErrorCategory.UNSUPPORTED;
            case 1:
                return RestErrorCategory.NAMESPACE_NOT_FOUND;
            case 4:
                return RestErrorCategory.TABLE_NOT_FOUND;
            case 2: case 3: case 5: case 7: case 9: case 14:
                return RestErrorCategory.CONFLICT;
            case 6: case 8: case 10: case 11: case 12: case 19: case 20:
                return RestErrorCategory.OTHER;
            case 13:
                return RestErrorCategory.INVALID_INPUT;
            case 15:
                return RestErrorCategory.PERMISSION_DENIED;
            case 16:
                return RestErrorCategory.UNAUTHENTICATED;
            case 17: case 21:
                return RestErrorCategory.SERVICE_UNAVAILABLE;
            case 18:
                return RestErrorCategory.INTERNAL;
            default:
                return null;
        }
    }

    static RestErrorCategory categoryOfStatus(int status, RestOperation operation) {
        switch (status) {
            case 400:
                return RestErrorCategory.INVALID_INPUT;
            case 401:
                return RestErrorCategory.UNAUTHENTICATED;
            case 403:
                return RestErrorCategory.PERMISSION_DENIED;
            case 404:
                return operation.tableOperation() ? RestErrorCategory.TABLE_NOT_FOUND
                        : RestErrorCategory.NAMESPACE_NOT_FOUND;
            case 405: case 406: case 501:
                return RestErrorCategory.UNSUPPORTED;
            case 409:
                return RestErrorCategory.CONFLICT;
            case 429: case 502: case 503: case 504:
                return RestErrorCategory.SERVICE_UNAVAILABLE;
            default:
                return status >= 500 ? RestErrorCategory.INTERNAL : RestErrorCategory.OTHER;
        }
    }

    private static String hint(RestErrorCategory category, int status) {
        switch (category) {
            case UNAUTHENTICATED:
                return ". Check " + RestNamespaceProperties.SECURITY_TYPE + " and its credential ("
                        + RestNamespaceProperties.BEARER_TOKEN + " or " + RestNamespaceProperties.API_KEY + ")";
            case PERMISSION_DENIED:
                return ". The credentials were accepted but lack permission for this object";
            case SERVICE_UNAVAILABLE:
                return ". The service is unavailable or limits the request rate; the connection is still usable: "
                        + "retry the statement later";
            case UNSUPPORTED:
                return status == 405 ? ". The service does not accept this request; check that "
                        + RestNamespaceProperties.URI + " points at a Lance REST namespace" : "";
            default:
                if (status >= 300 && status < 400) {
                    return ". Redirects are not followed (they could forward credentials to another host); set "
                            + RestNamespaceProperties.URI + " to the final address";
                }
                return "";
        }
    }

    private ErrorBody parse(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8);
        if (text.isBlank()) {
            return new ErrorBody(null, null, null, null, "");
        }
        try {
            JsonNode node = json.readTree(text);
            if (node != null && node.isObject()) {
                JsonNode code = node.get("code");
                Integer c = code != null && code.canConvertToInt() && code.isIntegralNumber() ? code.intValue() : null;
                String message = textOf(node.get("error"));
                if (c != null || message != null) {
                    return new ErrorBody(c, message, textOf(node.get("detail")), textOf(node.get("instance")), null);
                }
            }
        } catch (IOException notJson) {
            // Proxies and load balancers answer with HTML or plain text; quote a piece of it instead.
        }
        String oneLine = text.strip().replaceAll("\\s+", " ");
        return new ErrorBody(null, null, null, null,
                oneLine.length() > SNIPPET_CHARS ? oneLine.substring(0, SNIPPET_CHARS) + "..." : oneLine);
    }

    private static String textOf(JsonNode node) {
        return node == null || node.isNull() ? null : node.isValueNode() ? node.asText() : node.toString();
    }

    private record ErrorBody(Integer code, String message, String detail, String instance, String rawSnippet) {
    }
}
