package io.lancejdbc.exec.testing;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

/**
 * Issue 16 section 4, over the whole test run: registered for every test class of exec/ and conformance/ (JUnit
 * extension auto-detection, {@code META-INF/services} of the exec test-jar), it copies everything written to
 * {@code System.out}, {@code System.err} (where slf4j-simple writes every log line) and java.util.logging while a
 * class runs, and fails the class when a {@link SecretCanary} credential shows in it; a test failure whose text
 * (messages, causes, frames) shows one fails too, with the canary masked. Every credential the fixtures use carries
 * the canary, so a leak anywhere in the suite is caught, not only in the tests written to look for one.
 */
public final class SecretCanaryWatch implements BeforeAllCallback, AfterAllCallback, TestExecutionExceptionHandler {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(
            SecretCanaryWatch.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getStore(NAMESPACE).put(Capture.class, new Capture());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        Capture capture = context.getStore(NAMESPACE).remove(Capture.class, Capture.class);
        if (capture != null) {
            String text = capture.stop();
            for (String line : text.split("\n")) {
                SecretCanary.assertAbsent("the output or a log line of " + context.getDisplayName(), line);
            }
        }
    }

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable throwable) throws Throwable {
        if (SecretCanary.leaks(SecretCanary.fullText(throwable))) {
            AssertionError leak = new AssertionError("The failure of " + context.getDisplayName()
                    + " shows a credential; its text with the canary masked: "
                    + SecretCanary.fullText(throwable).replaceAll("(?i)" + SecretCanary.MARKER + "[-\\w]*",
                            "<CANARY>"));
            throw leak;
        }
        throw throwable;
    }

    /** Tees System.out, System.err and the root java.util.logging logger into one buffer while installed. */
    private static final class Capture {
        private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        private final PrintStream out = System.out;
        private final PrintStream err = System.err;
        private final Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                String message = record.getMessage();
                Object[] params = record.getParameters();
                StringBuilder line = new StringBuilder(message == null ? "" : message);
                if (params != null) {
                    for (Object p : params) {
                        line.append(' ').append(p);
                    }
                }
                if (record.getThrown() != null) {
                    line.append(' ').append(SecretCanary.fullText(record.getThrown()));
                }
                synchronized (buffer) {
                    buffer.writeBytes((line + "\n").getBytes(StandardCharsets.UTF_8));
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };

        Capture() {
            System.setOut(new PrintStream(new Tee(out), true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(new Tee(err), true, StandardCharsets.UTF_8));
            Logger.getLogger("").addHandler(handler);
        }

        String stop() {
            System.out.flush();
            System.err.flush();
            System.setOut(out);
            System.setErr(err);
            Logger.getLogger("").removeHandler(handler);
            synchronized (buffer) {
                return buffer.toString(StandardCharsets.UTF_8);
            }
        }

        private final class Tee extends OutputStream {
            private final PrintStream target;

            Tee(PrintStream target) {
                this.target = target;
            }

            @Override
            public void write(int b) {
                target.write(b);
                synchronized (buffer) {
                    buffer.write(b);
                }
            }

            @Override
            public void write(byte[] b, int off, int len) {
                target.write(b, off, len);
                synchronized (buffer) {
                    buffer.write(b, off, len);
                }
            }

            @Override
            public void flush() {
                target.flush();
            }
        }
    }
}
