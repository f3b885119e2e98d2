package io.lancejdbc.driver.logging;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Logger;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.helpers.NOPLogger;
import org.slf4j.helpers.NOPMDCAdapter;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * The SLF4J provider of the driver jar's relocated SLF4J (registered only in that jar): each logger forwards to the
 * application's logger of the same name when the driver's class loader sees the application's SLF4J (1.7 or 2.x, any
 * binding), and is a no-operation logger otherwise (an IDE, or {@code java -jar}, without SLF4J). The application's
 * SLF4J is looked up once, when the relocated SLF4J initialises (at the driver's first log call).
 */
public final class ApplicationLoggingProvider implements SLF4JServiceProvider {
    private final IMarkerFactory markers = new BasicMarkerFactory();
    private final MDCAdapter mdc = new NOPMDCAdapter();
    private volatile ILoggerFactory factory = name -> NOPLogger.NOP_LOGGER;

    @Override
    public ILoggerFactory getLoggerFactory() {
        return factory;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markers;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdc;
    }

    @Override
    public String getRequestedApiVersion() {
        return "2.0.99";
    }

    @Override
    public void initialize() {
        Optional<ApplicationSlf4j> application =
                ApplicationSlf4j.find(ApplicationLoggingProvider.class.getClassLoader());
        if (application.isPresent()) {
            ApplicationSlf4j slf4j = application.get();
            ConcurrentMap<String, Logger> loggers = new ConcurrentHashMap<>();
            factory = name -> loggers.computeIfAbsent(name, slf4j::logger);
        }
    }
}
