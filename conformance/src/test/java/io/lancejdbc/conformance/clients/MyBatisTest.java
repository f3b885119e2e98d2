package io.lancejdbc.conformance.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lancejdbc.conformance.EngineContract;
import io.lancejdbc.conformance.EngineUnderTest;
import io.lancejdbc.conformance.clients.mybatis.Item;
import io.lancejdbc.conformance.clients.mybatis.ItemMapper;
import io.lancejdbc.exec.testing.SharedDemoWarehouse;
import java.util.List;
import java.util.Map;
import org.apache.ibatis.mapping.Environment;
import org.apache.ibatis.session.Configuration;
import org.apache.ibatis.session.SqlSession;
import org.apache.ibatis.session.SqlSessionFactory;
import org.apache.ibatis.session.SqlSessionFactoryBuilder;
import org.apache.ibatis.transaction.jdbc.JdbcTransactionFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * MyBatis 3.5 over the demo warehouse: rows into POJOs through setters and into maps, and the vector column and a
 * {@code query_vector} parameter through the {@code float[]} type handler that docs/jdbc-driver.md shows (without
 * it MyBatis leaves the {@code float[]} property null).
 */
@EngineContract
class MyBatisTest {
    @RegisterExtension
    static final EngineUnderTest ENGINE = new EngineUnderTest();

    private SqlSessionFactory factory;

    @BeforeEach
    void configure() {
        Configuration configuration = new Configuration(new Environment("lance", new JdbcTransactionFactory(),
                ENGINE.dataSource(SharedDemoWarehouse.url())));
        configuration.setMapUnderscoreToCamelCase(true);
        configuration.addMapper(ItemMapper.class);
        factory = new SqlSessionFactoryBuilder().build(configuration);
    }

    @Test
    void rowsMapIntoPojosWithTheirVectors() {
        try (SqlSession session = factory.openSession()) {
            List<Item> items = session.getMapper(ItemMapper.class).firstItems(6);
            assertEquals(6, items.size());
            String[] categories = {"books", "electronics", "garden", "toys", "food"};
            for (Item item : items) {
                int category = (int) (item.getId() % 5);
                assertEquals(String.format("item-%04d", item.getId()), item.getName());
                assertEquals(categories[category], item.getCategory());
                assertEquals(8, item.getEmbedding().length);
                for (int d = 0; d < 8; d++) {
                    float expected = d == category ? 1f : 0f;
                    assertEquals(expected, item.getEmbedding()[d], 0.1f, "item " + item.getId() + " dim " + d);
                }
            }
        }
    }

    @Test
    void withoutTheTypeHandlerTheVectorPropertyStaysNull() {
        try (SqlSession session = factory.openSession()) {
            List<Item> items = session.getMapper(ItemMapper.class).firstItemsWithoutTheVectorHandler(2);
            assertEquals("item-0001", items.get(1).getName());
            assertNull(items.get(1).getEmbedding(), "MyBatis has no float[] handler of its own");
        }
    }

    @Test
    void rowsMapIntoMaps() {
        try (SqlSession session = factory.openSession()) {
            List<Map<String, Object>> rows = session.getMapper(ItemMapper.class).categories();
            assertEquals(5, rows.size());
            assertEquals("books", rows.get(0).get("category"));
            assertEquals(240L, ((Number) rows.get(0).get("n")).longValue());
            assertEquals(0L, ((Number) rows.get(0).get("first_id")).longValue());
        }
    }

    @Test
    void aFloatArrayParameterFindsTheNearestItems() {
        try (SqlSession session = factory.openSession()) {
            List<Map<String, Object>> nearest = session.getMapper(ItemMapper.class)
                    .nearest(new float[] {0, 0, 1, 0, 0, 0, 0, 0});
            assertEquals(3, nearest.size());
            for (Map<String, Object> row : nearest) {
                assertEquals(2L, ((Number) row.get("id")).longValue() % 5, "a garden item: " + row);
                assertTrue(((Number) row.get("_distance")).doubleValue() < 0.5, String.valueOf(row));
            }
        }
    }
}
