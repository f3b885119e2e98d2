/**
 * The driver jar's bridge from its relocated SLF4J to the application's own SLF4J. The self-contained jar
 * relocates {@code org.slf4j} (to {@code io.lancejdbc.shaded.org.slf4j}) so that it never replaces the
 * application's SLF4J API, whichever version (1.7 or 2.x) and whichever binding it uses; this package is the one
 * provider the relocated SLF4J finds, and it forwards every enabled call to the application's
 * {@code org.slf4j.LoggerFactory} when the driver's class loader sees one, and drops it otherwise. Only the driver
 * jar registers the provider ({@code driver/src/shade/}); with the plain Maven artifact the driver and its
 * libraries log through the application's SLF4J directly, and this package is inert.
 */
package io.lancejdbc.driver.logging;
