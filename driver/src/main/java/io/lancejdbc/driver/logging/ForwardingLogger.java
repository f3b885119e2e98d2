package io.lancejdbc.driver.logging;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.UndeclaredThrowableException;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;

/**
 * A logger of the relocated SLF4J that forwards to one logger of the application's SLF4J. The message is formatted
 * here and passed as {@code level(String, Throwable)}, and enablement is asked with {@code isLevelEnabled()}: the
 * calls SLF4J 1.7 and 2.x both have. Markers, MDC and key-value pairs of the driver's calls are not forwarded (the
 * driver uses none).
 */
final class ForwardingLogger extends LegacyAbstractLogger {
    private static final long serialVersionUID = 1L;
    private static final Level[] LEVELS = Level.values();
    private final transient MethodHandle[] enabled = new MethodHandle[LEVELS.length];
    private final transient MethodHandle[] log = new MethodHandle[LEVELS.length];

    ForwardingLogger(String name, Object target, Class<?> loggerInterface) {
        this.name = name;
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        for (Level level : LEVELS) {
            String method = level.name().toLowerCase(java.util.Locale.ROOT);
            String capitalised = Character.toUpperCase(method.charAt(0)) + method.substring(1);
            try {
                enabled[level.ordinal()] = lookup.findVirtual(loggerInterface, "is" + capitalised + "Enabled",
                        MethodType.methodType(boolean.class)).bindTo(target);
                log[level.ordinal()] = lookup.findVirtual(loggerInterface, method,
                        MethodType.methodType(void.class, String.class, Throwable.class)).bindTo(target);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("The application's SLF4J Logger lacks " + method + " methods", e);
            }
        }
    }

    private boolean enabled(Level level) {
        try {
            return (boolean) enabled[level.ordinal()].invokeExact();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new UndeclaredThrowableException(e);
        }
    }

    @Override
    public boolean isTraceEnabled() {
        return enabled(Level.TRACE);
    }

    @Override
    public boolean isDebugEnabled() {
        return enabled(Level.DEBUG);
    }

    @Override
    public boolean isInfoEnabled() {
        return enabled(Level.INFO);
    }

    @Override
    public boolean isWarnEnabled() {
        return enabled(Level.WARN);
    }

    @Override
    public boolean isErrorEnabled() {
        return enabled(Level.ERROR);
    }

    @Override
    protected String getFullyQualifiedCallerName() {
        return null;
    }

    @Override
    protected void handleNormalizedLoggingCall(Level level, Marker marker, String messagePattern, Object[] arguments,
            Throwable throwable) {
        String message = MessageFormatter.basicArrayFormat(messagePattern, arguments);
        try {
            log[level.ordinal()].invokeExact(message, throwable);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new UndeclaredThrowableException(e);
        }
    }
}
