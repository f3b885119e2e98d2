package io.lancejdbc.exec.storage;

import io.lancejdbc.engine.SqlError;
import io.lancejdbc.engine.SqlState;
import java.time.Duration;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Turns AWS SDK failures into {@link SqlError}s that name the location, the endpoint and the property to fix.
 *
 * <p>Messages are built from our own words plus the S3 error code; the SDK's message is only kept as the cause.
 * Neither carries a credential: S3 error responses echo the access key id at most in their XML body, which is
 * not part of the SDK's message.
 *
 * <p>An endpoint that cannot be reached or redirects is 58030 (I/O error), not an 08 state: the failure happens
 * while a statement runs and the JDBC connection is fine ({@link io.lancejdbc.exec.catalog.CatalogFactory} reports
 * it as 08001 while a connection is opened).
 */
final class S3Errors {
    private S3Errors() {
    }

    /**
     * @param e the SDK failure of one ListObjectsV2 call
     * @param directory the location being listed
     * @param settings the client's settings (endpoint and region for the message; credentials are not read)
     * @param timeout the call's timeout, for the timeout message
     */
    static SqlError forListing(SdkException e, StorageLocation directory, S3ClientSettings settings,
                               Duration timeout) {
        String what = "Listing " + directory + "/ at " + settings.endpointForMessages();
        if (e instanceof ApiCallTimeoutException || e instanceof ApiCallAttemptTimeoutException) {
            return new SqlError(SqlState.TIMEOUT, what + " did not finish within " + timeout.toMillis() + " ms", e);
        }
        if (e instanceof AbortedException) {
            return new SqlError(SqlState.QUERY_CANCELED, what + " was interrupted", e);
        }
        if (e instanceof S3Exception s3) {
            String code = s3.awsErrorDetails() != null && s3.awsErrorDetails().errorCode() != null
                    ? s3.awsErrorDetails().errorCode() : "";
            int status = s3.statusCode();
            String suffix = " (HTTP " + status + (code.isEmpty() ? "" : " " + code) + ")";
            switch (code) {
                case "NoSuchBucket":
                    return new SqlError(SqlState.TABLE_NOT_FOUND, what + " failed: bucket '" + directory.bucket()
                            + "' does not exist" + suffix + "; check the bucket name in the location and s3.endpoint",
                            e);
                case "InvalidAccessKeyId":
                    return new SqlError(SqlState.INVALID_AUTHORIZATION, what + " failed: the server does not know "
                            + "the access key id" + suffix + "; check s3.access_key", e);
                case "SignatureDoesNotMatch":
                    return new SqlError(SqlState.INVALID_AUTHORIZATION, what + " failed: the request signature "
                            + "was rejected" + suffix + "; check s3.secret_key and s3.region", e);
                case "ExpiredToken":
                case "InvalidToken":
                case "TokenRefreshRequired":
                    return new SqlError(SqlState.INVALID_AUTHORIZATION, what + " failed: the session token was "
                            + "rejected" + suffix + "; renew s3.session_token", e);
                case "AuthorizationHeaderMalformed":
                case "PermanentRedirect":
                case "IllegalLocationConstraintException":
                    return new SqlError(SqlState.IO_ERROR, what + " failed: the bucket is served from "
                            + "another region or endpoint" + suffix + "; set s3.region (now " + settings.region()
                            + ") or s3.endpoint", e);
                default:
                    break;
            }
            if (status == 403) {
                return new SqlError(SqlState.INVALID_AUTHORIZATION, what + " failed: access denied" + suffix
                        + "; the credentials need permission to list bucket '" + directory.bucket() + "'", e);
            }
            if (status == 404) {
                return new SqlError(SqlState.TABLE_NOT_FOUND, what + " failed: not found" + suffix
                        + "; check the bucket name in the location and s3.endpoint", e);
            }
            if (status == 301 || status == 307) {
                return new SqlError(SqlState.IO_ERROR, what + " failed: the server redirected the request"
                        + suffix + "; set s3.region or s3.endpoint for this bucket, or use_path_style", e);
            }
            if (status >= 500 || status == 429) {
                return new SqlError(SqlState.IO_ERROR, what + " failed: the storage service is unavailable or "
                        + "limits the request rate" + suffix + " after the SDK's retries; the connection is still "
                        + "usable: retry the statement later", e);
            }
            return new SqlError(SqlState.GENERAL_ERROR, what + " failed" + suffix, e);
        }
        if (e instanceof SdkClientException && String.valueOf(e.getMessage()).contains("Unable to load credentials")) {
            return new SqlError(SqlState.INVALID_AUTHORIZATION, what + " failed: no S3 credentials; set "
                    + "s3.access_key and s3.secret_key, or configure the default AWS credential chain (environment, "
                    + "profile or instance role)", e);
        }
        return new SqlError(SqlState.IO_ERROR, what + " failed: cannot reach the endpoint ("
                + rootMessage(e) + "); check s3.endpoint", e);
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
    }
}
