package io.lancejdbc.exec.tvf.glob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.lancejdbc.engine.SqlError;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExpansionBudgetTest {

    @Test
    void defaultsAreTheDesignsValues() {
        assertEquals(new ExpansionBudget(1000, 1000, Duration.ofSeconds(20), 500, 1000), ExpansionBudget.defaults());
        assertEquals(ExpansionBudget.defaults(), ExpansionBudget.fromProperties(Map.of(), 0));
    }

    @Test
    void propertiesSetEachBudget() {
        ExpansionBudget b = ExpansionBudget.fromProperties(Map.of(
                "lance.glob.max_directory_candidates", "5000",
                "lance.glob.max_listing_requests", "200",
                "lance.glob.listing_timeout_seconds", "7",
                "lance.glob.max_datasets", "40"), 0);
        assertEquals(new ExpansionBudget(5000, 200, Duration.ofSeconds(7), 40, 1000), b);
    }

    @Test
    void listingTimeIsAThirdOfTheQueryTimeout() {
        assertEquals(Duration.ofSeconds(10), ExpansionBudget.fromProperties(Map.of(), 30_000).maxListingTime());
    }

    @Test
    void explicitListingTimeWinsOverTheQueryTimeout() {
        assertEquals(Duration.ofSeconds(2), ExpansionBudget.fromProperties(
                Map.of("lance.glob.listing_timeout_seconds", "2"), 30_000).maxListingTime());
    }

    @Test
    void nonPositiveBudgetIsRejected() {
        SqlError e = assertThrows(SqlError.class, () -> ExpansionBudget.fromProperties(
                Map.of("lance.glob.max_datasets", "0"), 0));
        assertEquals("22023", e.sqlState());
        assertEquals("Invalid lance.glob.max_datasets '0': give a positive whole number", e.getMessage());
    }

    @Test
    void nonNumericBudgetIsRejected() {
        SqlError e = assertThrows(SqlError.class, () -> ExpansionBudget.fromProperties(
                Map.of("lance.glob.max_listing_requests", "lots"), 0));
        assertEquals("Invalid lance.glob.max_listing_requests 'lots': give a positive whole number", e.getMessage());
    }
}
