package io.lancejdbc.server;

import java.util.List;
import java.util.Map;
import org.apache.arrow.flight.sql.SqlInfoBuilder;
import org.apache.arrow.flight.sql.impl.FlightSql.SqlNullOrdering;
import org.apache.arrow.flight.sql.impl.FlightSql.SqlSupportedCaseSensitivity;
import org.apache.arrow.flight.sql.impl.FlightSql.SqlSupportedGroupBy;
import org.apache.arrow.flight.sql.impl.FlightSql.SqlSupportedResultSetType;
import org.apache.arrow.flight.sql.impl.FlightSql.SqlSupportedSubqueries;
import org.apache.arrow.flight.sql.impl.FlightSql.SqlSupportedTransaction;
import org.apache.arrow.flight.sql.impl.FlightSql.SqlSupportedUnions;
import org.apache.arrow.flight.sql.impl.FlightSql.SqlTransactionIsolationLevel;
import org.apache.arrow.flight.sql.impl.FlightSql.SupportedAnsi92SqlGrammarLevel;
import org.apache.arrow.flight.sql.impl.FlightSql.SupportedSqlGrammar;
import org.apache.arrow.flight.sql.impl.FlightSql.SqlOuterJoinsSupportLevel;

/**
 * The server's GetSqlInfo answer. Every key {@link SqlInfoBuilder} can carry is set: the stock Flight SQL JDBC
 * driver 18.3.0 reads about 70 of them and fails with a NullPointerException on any that is missing (arrow-java
 * #994). Values describe this read-only engine: no transactions, no DDL or DML, backtick-quoted identifiers.
 */
final class LanceSqlInfo {
    private LanceSqlInfo() {
    }

    static SqlInfoBuilder builder() {
        String version = LanceSqlInfo.class.getPackage().getImplementationVersion();
        return new SqlInfoBuilder()
                .withFlightSqlServerName("lance-jdbc")
                .withFlightSqlServerVersion(version == null ? "0.1.0" : version)
                .withFlightSqlServerArrowVersion("18.3.0")
                .withFlightSqlServerSql(true)
                .withFlightSqlServerSubstrait(false)
                .withFlightSqlServerSubstraitMinVersion("")
                .withFlightSqlServerSubstraitMaxVersion("")
                .withFlightSqlServerTransaction(SqlSupportedTransaction.SQL_SUPPORTED_TRANSACTION_NONE)
                .withFlightSqlServerCancel(true)
                .withFlightSqlServerBulkIngestion(false)
                .withFlightSqlServerBulkIngestionTransaction(false)
                .withFlightSqlServerStatementTimeout(0)
                .withFlightSqlServerTransactionTimeout(0)
                .withFlightSqlServerReadOnly(true)
                .withSqlIdentifierQuoteChar("`")
                .withSqlSearchStringEscape("\\")
                .withSqlExtraNameCharacters("")
                .withSqlSchemaTerm("schema")
                .withSqlCatalogTerm("catalog")
                .withSqlProcedureTerm("procedure")
                .withSqlDdlCatalog(false)
                .withSqlDdlSchema(false)
                .withSqlDdlTable(false)
                .withSqlSupportsColumnAliasing(true)
                .withSqlNullPlusNullIsNull(true)
                .withSqlSupportsTableCorrelationNames(true)
                .withSqlSupportsDifferentTableCorrelationNames(false)
                .withSqlSupportsExpressionsInOrderBy(true)
                .withSqlSupportsOrderByUnrelated(true)
                .withSqlSupportsLikeEscapeClause(false)
                .withSqlSupportsNonNullableColumns(true)
                .withSqlSupportsIntegrityEnhancementFacility(false)
                .withSqlCatalogAtStart(true)
                .withSqlSelectForUpdateSupported(false)
                .withSqlStoredProceduresSupported(false)
                .withSqlCorrelatedSubqueriesSupported(false)
                .withSqlMaxRowSizeIncludesBlobs(true)
                .withSqlTransactionsSupported(false)
                .withSqlDataDefinitionCausesTransactionCommit(false)
                .withSqlDataDefinitionsInTransactionsIgnored(false)
                .withSqlBatchUpdatesSupported(false)
                .withSqlSavepointsSupported(false)
                .withSqlNamedParametersSupported(false)
                .withSqlLocatorsUpdateCopy(false)
                .withSqlStoredFunctionsUsingCallSyntaxSupported(false)
                .withSqlIdentifierCase(SqlSupportedCaseSensitivity.SQL_CASE_SENSITIVITY_CASE_INSENSITIVE)
                .withSqlQuotedIdentifierCase(SqlSupportedCaseSensitivity.SQL_CASE_SENSITIVITY_CASE_INSENSITIVE)
                .withSqlAllTablesAreSelectable(true)
                .withSqlNullOrdering(SqlNullOrdering.SQL_NULLS_SORTED_LOW)
                .withSqlMaxBinaryLiteralLength(0)
                .withSqlMaxCharLiteralLength(0)
                .withSqlMaxColumnNameLength(0)
                .withSqlMaxColumnsInGroupBy(0)
                .withSqlMaxColumnsInIndex(0)
                .withSqlMaxColumnsInOrderBy(0)
                .withSqlMaxColumnsInSelect(0)
                .withSqlMaxColumnsInTable(0)
                .withSqlMaxConnections(0)
                .withSqlMaxCursorNameLength(0)
                .withSqlMaxIndexLength(0)
                .withSqlDbSchemaNameLength(0)
                .withSqlMaxProcedureNameLength(0)
                .withSqlMaxCatalogNameLength(0)
                .withSqlMaxRowSize(0)
                .withSqlMaxStatementLength(0)
                .withSqlMaxStatements(0)
                .withSqlMaxTableNameLength(0)
                .withSqlMaxTablesInSelect(0)
                .withSqlMaxUsernameLength(0)
                .withSqlDefaultTransactionIsolation(0)
                .withSqlSupportedGroupBy(SqlSupportedGroupBy.SQL_GROUP_BY_UNRELATED)
                .withSqlSupportedGrammar(SupportedSqlGrammar.SQL_MINIMUM_GRAMMAR)
                .withSqlAnsi92SupportedLevel(SupportedAnsi92SqlGrammarLevel.ANSI92_ENTRY_SQL)
                .withSqlSchemasSupportedActions()
                .withSqlCatalogsSupportedActions()
                .withSqlSupportedPositionedCommands()
                .withSqlSubQueriesSupported(SqlSupportedSubqueries.SQL_SUBQUERIES_IN_INS)
                .withSqlSupportedUnions(SqlSupportedUnions.SQL_UNION, SqlSupportedUnions.SQL_UNION_ALL)
                .withSqlOuterJoinSupportLevel(SqlOuterJoinsSupportLevel.SQL_LIMITED_OUTER_JOINS)
                .withSqlSupportedTransactionsIsolationLevels(SqlTransactionIsolationLevel.SQL_TRANSACTION_NONE)
                .withSqlSupportedResultSetTypes(SqlSupportedResultSetType.SQL_RESULT_SET_TYPE_FORWARD_ONLY)
                .withSqlKeywords(new String[] {"EXPLAIN", "SHOW", "DESC", "USE", "VECTOR_SEARCH"})
                .withSqlNumericFunctions(new String[] {"abs", "ceil", "floor", "round", "sqrt", "power", "mod"})
                .withSqlStringFunctions(new String[] {"lower", "upper", "length", "substring", "concat", "trim"})
                .withSqlSystemFunctions(new String[] {})
                .withSqlDatetimeFunctions(new String[] {"year", "month", "day", "now"})
                .withSqlSupportsConvert(Map.of(java.sql.Types.BIGINT, List.of(java.sql.Types.VARCHAR)));
    }
}
