package io.lancejdbc.driver.shell;

/**
 * Keeps the shell's output free of logging noise. The driver bundles no SLF4J binding (a library must not choose the
 * host application's logging). In the self-contained jar SLF4J is relocated and its one provider bridges to an
 * application SLF4J on the class path ({@code io.lancejdbc.driver.logging}); the names below are relocated with it,
 * so there they choose the relocated no-operation provider. Run from the plain artifacts, the shell has SLF4J itself
 * and no binding: SLF4J would warn "No SLF4J providers were found". Unless the user chose a provider or put an SLF4J 2
 * binding on the class path, the shell selects SLF4J's own no-operation provider and quiets SLF4J's internal
 * reporting.
 */
final class ShellLogging {
    static final String PROVIDER_PROPERTY = "slf4j.provider";
    static final String VERBOSITY_PROPERTY = "slf4j.internal.verbosity";
    static final String NOP_PROVIDER = "org.slf4j.helpers.NOP_FallbackServiceProvider";
    private static final String SERVICE_FILE = "META-INF/services/org.slf4j.spi.SLF4JServiceProvider";

    private ShellLogging() {
    }

    /** Must run before the first logger is created. */
    static void quietUnlessConfigured() {
        if (System.getProperty(PROVIDER_PROPERTY) != null
                || ShellLogging.class.getClassLoader().getResource(SERVICE_FILE) != null) {
            return;
        }
        System.setProperty(PROVIDER_PROPERTY, NOP_PROVIDER);
        if (System.getProperty(VERBOSITY_PROPERTY) == null) {
            System.setProperty(VERBOSITY_PROPERTY, "ERROR");
        }
    }
}
