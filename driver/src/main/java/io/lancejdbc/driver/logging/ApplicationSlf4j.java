package io.lancejdbc.driver.logging;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Optional;

/**
 * The application's own (not relocated) SLF4J, found by name in a class loader. The names are built at run time:
 * the shade plugin rewrites every {@code org.slf4j} class reference and string constant in the driver jar, and these
 * must keep naming the application's classes.
 */
final class ApplicationSlf4j {
    private static final String PACKAGE = String.join(".", "org", "slf4j");
    private final Class<?> loggerInterface;
    private final MethodHandle getLogger;

    private ApplicationSlf4j(Class<?> factory, Class<?> loggerInterface) throws ReflectiveOperationException {
        this.loggerInterface = loggerInterface;
        this.getLogger = MethodHandles.publicLookup().findStatic(factory, "getLogger",
                MethodType.methodType(loggerInterface, String.class));
    }

    /**
     * @param loader the class loader to search (the driver's)
     * @return the application's SLF4J, or empty when {@code loader} sees none, or sees only the driver's own copy
     *     (the plain, unrelocated artifact: then the driver already logs through it and needs no bridge)
     */
    static Optional<ApplicationSlf4j> find(ClassLoader loader) {
        Class<?> factory;
        Class<?> logger;
        try {
            factory = Class.forName(PACKAGE + ".LoggerFactory", false, loader);
            logger = Class.forName(PACKAGE + ".Logger", false, loader);
        } catch (ClassNotFoundException e) {
            return Optional.empty();
        }
        if (factory == org.slf4j.LoggerFactory.class) {
            return Optional.empty();
        }
        try {
            return Optional.of(new ApplicationSlf4j(factory, logger));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("The application's SLF4J at " + factory.getProtectionDomain()
                    .getCodeSource() + " has no public LoggerFactory.getLogger(String)", e);
        }
    }

    /** The application's logger named {@code name}, with handles on the calls the bridge makes. */
    ForwardingLogger logger(String name) {
        Object target;
        try {
            target = getLogger.invoke(name);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("The application's LoggerFactory.getLogger failed for " + name, e);
        }
        return new ForwardingLogger(name, target, loggerInterface);
    }
}
