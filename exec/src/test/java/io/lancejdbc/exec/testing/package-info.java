/**
 * Shared test fixtures of lance-jdbc, published through the exec test-jar to the driver and conformance tests:
 * real Lance datasets written with lance-core, with exact, documented contents, and helpers to check results.
 *
 * <ul>
 *   <li>{@link io.lancejdbc.exec.testing.TestDatasets}: write a fixture into a directory the test owns
 *       ({@link io.lancejdbc.exec.testing.AllTypesTable}, {@link io.lancejdbc.exec.testing.UnsupportedTypesTable},
 *       {@link io.lancejdbc.exec.testing.NumbersTable}, {@link io.lancejdbc.exec.testing.VersionedTable},
 *       {@link io.lancejdbc.exec.testing.VectorTable}, {@link io.lancejdbc.exec.testing.Warehouses}).</li>
 *   <li>{@link io.lancejdbc.exec.testing.SharedDatasets} (via
 *       {@link io.lancejdbc.exec.testing.SharedDatasetsExtension}): the same fixtures written once per test JVM,
 *       read-only.</li>
 *   <li>{@link io.lancejdbc.exec.testing.CorpusFixtures}: datasets written by other Lance implementations, copied out
 *       of the classpath, with their oracle answers ({@link io.lancejdbc.exec.testing.ExpectedAnswers}).</li>
 *   <li>{@link io.lancejdbc.exec.testing.ArrowAllocatorExtension}: a per-test allocator that fails the test on an
 *       Arrow memory leak.</li>
 *   <li>Oracles and probes: {@link io.lancejdbc.exec.testing.ExactKnn} (exact top-k),
 *       {@link io.lancejdbc.exec.testing.LanceKnnQuery} (raw lance-core nearest query),
 *       {@link io.lancejdbc.exec.testing.DatasetContents} (raw lance-core scan as logical values),
 *       {@link io.lancejdbc.exec.testing.ArrowLogicalValues} (value conventions).</li>
 * </ul>
 */
package io.lancejdbc.exec.testing;
